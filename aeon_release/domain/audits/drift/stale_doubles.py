"""Stale doubles: a fork test's double on a member that the upstream function it steers reads less, or no more.

A test steers an upstream function by replacing what the function reads: ``with mock.patch.object(
current_platform, "is_device_capability", side_effect=lambda c: c == 120): assert get_marlin_input_dtype() ==
torch.float8_e4m3fn`` pins the W4A8-FP8 gate of a capability-120 device on any machine.  #35568 (06d020bb6e) made
``get_marlin_input_dtype`` ask ``current_platform.is_device_capability_family(120)`` instead: the merge is
clean, the double still installs (the member is still there, so symbol drift and drift/patched_targets.py stay
quiet), but the capability-120 question no longer goes through it -- the test now sees the machine it runs on, and fails
off such a device (or passes for the wrong reason on one).

The fork's side, on a line it owns: a double on an attribute named by a literal -- ``mock.patch.object(obj,
"name", ...)`` and pytest's ``monkeypatch.setattr(obj, "name", ...)`` (drift/patched_names.py reads both), or a
dotted target ``mock.patch("a.b.obj.name")`` / ``monkeypatch.setattr("a.b.obj.name", ...)`` -- as a ``with`` item
(steering its block), a decorator (steering the decorated function) or a statement (steering the rest of its
function); and the calls it steers of a function the fork file imports (by name, or off an imported module).
Upstream's side: that function's top-level ``def`` in a file upstream changed, on a line of whose diff taken
out the member is named, whose own body read it (``.name`` or a bare ``name``) more times at the base than its
reach reads it at upstream -- its own body and the defs of its file it calls by bare name, three calls deep --
and either reads it no more or reads, off a receiver it read the member off, a member it did not read before
(``get_marlin_input_dtype`` still asks ``is_device_capability(89)``; its ``(120)`` became
``is_device_capability_family(120)``, which the double does not answer).

A warning on the double's line: the test may still pass (the new member may answer alike on the machine that
runs it), so the engine cannot say it fails; what it can say is that the double no longer decides.  The message
names what the function reads now off the same receiver (``current_platform.is_device_capability_family``).
Quiet: a member the function reads as often (through a helper of its file too), a read dropped with no new
member read in its place (what the test steered is gone, not moved), a function of the fork's own;
a double on a member a def upstream dropped (drift/patched_names.py and symbol drift judge a gone member).
review137: quiet too where the same test function doubles every member read in the old one's place (a ``with``
of both, a decorator pair), and for a double on an object the fork's file defines itself (its class, its def, a
name bound to an instance of its class).

Cheap first: only fork files whose added lines spell a double; only upstream's changed files that define a
steered function and whose diff took out a line naming the patched member.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.callees import resolve, scope_of
from aeon_release.domain.audits.drift.patched_names import patched_attribute
from aeon_release.domain.audits.drift.returns import fork_modules, own_nodes
from aeon_release.domain.audits.drift.sides import ThreeTrees, parsed_texts
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import last_name, lazy_pattern, str_value

__all__ = ["stale_double_drift"]

# ``patch.object(``, ``monkeypatch.setattr(``, or a ``patch("a.b.c"`` / ``setattr("a.b.c"`` of a dotted target
_DOUBLE = lazy_pattern(r"""\bpatch\.object\(|\bmonkeypatch\.setattr\(|\b(?:patch|setattr)\(\s*["']\w+(?:\.\w+)+["']""")
_DEPTH = 3  # calls deep the function's reach follows in its own file
_MOST_FILES = 16

_Def = ast.FunctionDef | ast.AsyncFunctionDef


@dataclass(frozen=True)
class Double:
    """A fork-owned double at ``line`` of ``path`` on the member ``attr``, steering a call of ``name`` (from
    ``module``)."""

    path: str
    line: int
    attr: str
    name: str
    module: str
    also: frozenset[str] = frozenset()  # review137: the members the same test function doubles too


def stale_double_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork doubles on a member that the upstream function they steer reached at the base and reaches no more."""
    doubles = [d for path, module, owned in fork_modules(trees, _DOUBLE.search) for d in _doubles(path, module, owned)]
    if not doubles:
        return []
    homes = _changed_homes(trees, doubles)
    findings: list[Finding] = []
    for both in parsed_texts(trees, sorted(homes)):
        for double in homes[both.path]:
            old, new = _top_def(both.old, double.name), _top_def(both.new, double.name)
            if old is None or new is None:
                continue
            before, after = _reads(old, double.attr), _reach_reads(both.new, new, double.attr)
            now = _now_read(old, new, double.attr)
            if now and all(read.rsplit(".", 1)[1] in double.also for read in now):
                continue  # review137: the test doubles what the function reads in its place too
            if after < before and (after == 0 or now):
                findings.append(_finding(trees, double, both.path, (before, after), now, pr_pattern))
    return findings


def _doubles(path: str, module: ast.Module, owned: set[int]) -> Iterator[Double]:
    """Each owned double of ``module`` with each imported function a call it steers names."""
    scope = scope_of(module)
    own = _own_names(module)
    seen: set[tuple[int, str, str]] = set()
    for func in (n for n in ast.walk(module) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)):
        doubles = list(_steering(func, owned, own))
        also = frozenset(attr for _, attr, _ in _steering(func, None, own))
        for line, attr, steered in doubles:
            for call in steered:
                callee = resolve(call.func, scope, func)
                if callee is None or not (callee.source or callee.module) or (line, attr, callee.name) in seen:
                    continue
                seen.add((line, attr, callee.name))
                yield Double(path, line, attr, callee.name, callee.source or callee.module or "", also)


def _own_names(module: ast.Module) -> frozenset[str]:
    """review137: the objects the fork file defines itself at its top level: a class, a def, and a name bound to
    an instance of its own class (an alias of an imported object is not one)."""
    names = {n.name for n in module.body if isinstance(n, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)}
    for node in (n for n in module.body if isinstance(n, ast.Assign)):
        value = node.value
        if isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and value.func.id in names:
            names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
    return frozenset(names)


def _steering(func: _Def, owned: set[int] | None, own: frozenset[str]) -> Iterator[tuple[int, str, list[ast.Call]]]:
    """(line, member, the calls it steers) of each owned double of ``func`` (any, when ``owned`` is None): a
    decorator, a ``with`` item, a statement (steering the calls after it)."""
    for decorator in func.decorator_list:
        if isinstance(decorator, ast.Call) and _mine(decorator, owned) and (attr := _patched(decorator, own)):
            yield decorator.lineno, attr, _calls(func.body)
    for node in own_nodes(func.body):
        if isinstance(node, ast.With | ast.AsyncWith):
            for item in node.items:
                call = item.context_expr
                if isinstance(call, ast.Call) and _mine(call, owned) and (attr := _patched(call, own)):
                    yield call.lineno, attr, _calls(node.body)
        elif isinstance(node, ast.Expr) and isinstance(node.value, ast.Call) and _mine(node, owned):
            if attr := _patched(node.value, own):
                end = node.end_lineno or node.lineno
                yield node.lineno, attr, [c for c in _calls(func.body) if c.lineno > end]


def _mine(node: ast.expr | ast.stmt, owned: set[int] | None) -> bool:
    return owned is None or node.lineno in owned


def _patched(call: ast.Call, own: frozenset[str]) -> str | None:
    """The member a double call replaces: ``patch.object(o, "m")``, ``monkeypatch.setattr(o, "m", v)``, or the
    last part of a dotted target ``patch("a.b.m")`` / ``monkeypatch.setattr("a.b.m", v)``; None for a double on
    an object the fork's file defines itself (review137: no upstream function reads a member off it)."""
    named = patched_attribute(call)
    if named is not None:
        root = named[0]
        while isinstance(root, ast.Attribute | ast.Call | ast.Subscript):
            root = root.func if isinstance(root, ast.Call) else root.value
        return None if isinstance(root, ast.Name) and root.id in own else named[1]
    if last_name(call.func) in ("patch", "setattr") and call.args:
        target = str_value(call.args[0])
        if target is not None and "." in target:
            return target.rsplit(".", 1)[1]
    return None


def _calls(body: list[ast.stmt]) -> list[ast.Call]:
    return [n for n in own_nodes(body) if isinstance(n, ast.Call)]


def _changed_homes(trees: ThreeTrees, doubles: list[Double]) -> dict[str, list[Double]]:
    """Upstream's changed file holding each steered function's module, for the doubles whose member a line the
    diff took out names."""
    found: dict[str, list[Double]] = {}
    for double in doubles:
        base = double.module.replace(".", "/")
        for path in (f"{base}.py", f"{base}/__init__.py"):
            if path in trees.upstream and len(found) < _MOST_FILES and _taken_out(trees.upstream.raw(path), double):
                found.setdefault(path, []).append(double)
    return found


def _taken_out(raw: str, double: Double) -> bool:
    return re.search(rf"\n-[^\n]*\b{re.escape(double.attr)}\b", raw) is not None


def _top_def(module: ast.Module, name: str) -> _Def | None:
    return next(
        (n for n in module.body if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef) and n.name == name), None
    )


def _reads(func: _Def, attr: str) -> int:
    """How many times ``func``'s own body reads ``.attr`` or a bare ``attr``."""
    return sum(
        (isinstance(n, ast.Attribute) and n.attr == attr) or (isinstance(n, ast.Name) and n.id == attr)
        for n in own_nodes(func.body)
    )


def _reach_reads(module: ast.Module, func: _Def, attr: str) -> int:
    """The reads of ``attr`` by ``func`` and the top-level defs of its file it calls by bare name (``_DEPTH``
    calls deep, each def once)."""
    defs = {n.name: n for n in module.body if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)}
    todo, seen, reads = [(func, 0)], {func.name}, 0
    while todo:
        node, depth = todo.pop()
        reads += _reads(node, attr)
        for call in own_nodes(node.body):
            if isinstance(call, ast.Call) and isinstance(call.func, ast.Name) and depth < _DEPTH:
                callee = defs.get(call.func.id)
                if callee is not None and callee.name not in seen:
                    seen.add(callee.name)
                    todo.append((callee, depth + 1))
    return reads


def _now_read(old: _Def, new: _Def, attr: str) -> list[str]:
    """What ``new`` reads off the receivers ``old`` read ``attr`` off, and ``old`` did not."""
    receivers = {ast.unparse(n.value) for n in own_nodes(old.body) if isinstance(n, ast.Attribute) and n.attr == attr}
    before = {n.attr for n in own_nodes(old.body) if isinstance(n, ast.Attribute)}
    return sorted(
        {
            f"{ast.unparse(n.value)}.{n.attr}"
            for n in own_nodes(new.body)
            if isinstance(n, ast.Attribute) and n.attr not in before and ast.unparse(n.value) in receivers
        }
    )


def _finding(
    trees: ThreeTrees, double: Double, path: str, counts: tuple[int, int], now: list[str], pr_pattern: str
) -> Finding:
    commit = trees.upstream_commit(path, rf"def {double.name}\b|\b{double.attr}\b", pr_pattern, most=5)
    instead = f" (it reads {', '.join(now[:3])} in their place)" if now else ""
    return Finding(
        RULE,
        "merge",
        Severity.WARNING,
        double.path,
        double.line,
        f"fork-owned test double on .{double.attr} steers {double.name}(), whose reads of it upstream cut from "
        f"{counts[0]} to {counts[1]} ({path}{commit}){instead}: the double no longer decides what the test sees; "
        f"patch what {double.name} reads now",
    )
