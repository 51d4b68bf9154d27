"""Absorbed steps: a step a method's caller ran before calling it, which the method now runs itself.

#13311 (6a854c7a2b) took ``logits = self.apply_temperature(logits, ...)`` out of ``Sampler.forward`` and put it
into ``Sampler.sample``, which ``forward`` calls next (the greedy pass now samples before the temperature).  A
fork pipeline that copies what ``forward`` did -- ``sampler.apply_temperature(...)`` and then
``sampler.sample(...)`` -- merges cleanly and now divides by the temperature twice: a sharper distribution than
the request asked for, no error.  Upstream does this whenever it folds a caller's preparation into the callee so
that the callee can order it (here: after the greedy pass), the inverse of ``drift/moved_effects.py`` (a step
taken out of a method, left to its callers).

Upstream's side: a class of a changed module whose method ``F`` ran ``self.A(...)`` and later ``self.S(...)`` at
the base and runs ``self.S(...)`` but no ``self.A(...)`` at upstream, while ``S`` ran no ``self.A(...)`` at the
base and runs one at upstream.  Gated before parsing: a hunk's removed line opening with a call ``self.A(`` (or an
assignment of one) that another hunk of the file adds word for word (the call moved), and ``.A(`` in the fork's
added lines.

The fork's side, on a line it owns: a function calling ``recv.A(...)`` and later ``recv.S(...)`` on the same
receiver, ``recv`` a parameter annotated with the class (its name or a dotted path ending with it) or ``self`` in
a fork class listing the class among its bases (and defining neither method).  A warning on the ``S`` call: the
step now runs twice, wrong for a step that is not idempotent (a division, an offset), harmless for one that is (a
mask applied again), and ``S`` may run it only on some paths (#13311: not for an all-greedy batch).  Quiet: ``S``
called without ``A`` first, ``A`` after ``S``, another receiver, a class of another name, a subclass that
overrides ``A`` or ``S`` (its own answer), and a method whose step stayed in its caller.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.sides import ThreeTrees, parsed_texts
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import lazy_pattern

# a removed line running a method off self: ``self.a(...)`` or ``x = self.a(...)``
_SELF_CALL = lazy_pattern(r"^\s*(?:[\w.]+\s*=\s*)?self\.(\w+)\(")


@dataclass(frozen=True)
class Absorbed:
    """In ``path``, class ``cls``'s ``callee`` now runs ``self.step(...)``, which its caller ran before it."""

    path: str
    cls: str
    step: str
    callee: str
    caller: str


def absorbed_step_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork calls of a step then of the method that now runs that step itself (see the module's docstring)."""
    forked = {p: "\n".join(trees.mine[p].added.values()) for p in trees.mine if p.endswith(".py")}
    steps = _candidate_steps(trees, "\n".join(forked.values()))
    if not steps:
        return []
    items = [a for a in _absorbed(trees, steps) if f".{a.callee}(" in "\n".join(forked.values())]
    findings: list[Finding] = []
    for path, added in sorted(forked.items()):
        mine = [a for a in items if a.path != path and f".{a.step}(" in added and f".{a.callee}(" in added]
        module = trees.merged_module(path) if mine else None
        if module is None:
            continue
        owned = trees.owned_lines(path)
        for item, line in _fork_pairs(module, owned, mine):
            findings.append(_finding(trees, path, line, item, pr_pattern))
    return findings


def _candidate_steps(trees: ThreeTrees, added: str) -> dict[str, set[str]]:
    """path -> the names a hunk stopped calling off ``self`` in a line another hunk of the file adds word for word
    (the call moved), which the fork's added lines call (``.name(``): regexes only."""
    found: dict[str, set[str]] = {}
    for path, change in trees.upstream.items():
        if len(change.hunks) < 2 or not path.endswith(".py") or not any("self." in r for r in change.removed):
            continue
        names: set[str] = set()
        for i, (_start, _count, _plus, minus, _new) in enumerate(change.hunks):
            gone = {r.strip(): m[1] for r in minus if "self." in r and (m := _SELF_CALL.match(r)) is not None}
            gone = {t: n for t, n in gone.items() if f".{n}(" in added}
            if gone:
                elsewhere = {a.strip() for j, h in enumerate(change.hunks) if j != i for a in h[2]}
                names.update(n for t, n in gone.items() if t in elsewhere)
        if names:
            found[path] = names
    return found


def _absorbed(trees: ThreeTrees, steps: dict[str, set[str]]) -> Iterator[Absorbed]:
    for versions in parsed_texts(trees, sorted(steps)):
        old, new = _classes(versions.old), _classes(versions.new)
        for name, methods in new.items():
            for step in steps[versions.path]:
                for caller, callee in _moved(old.get(name, {}), methods, step):
                    yield Absorbed(versions.path, name, step, callee, caller)


def _classes(module: ast.Module) -> dict[str, dict[str, list[str]]]:
    """class -> method -> the names it calls off ``self``, in order (its own body, nested defs apart)."""
    return {
        node.name: {f.name: _self_calls(f) for f in node.body if isinstance(f, ast.FunctionDef | ast.AsyncFunctionDef)}
        for node in module.body
        if isinstance(node, ast.ClassDef)
    }


def _self_calls(func: ast.FunctionDef | ast.AsyncFunctionDef) -> list[str]:
    calls = [
        n
        for n in ast.walk(func)
        if isinstance(n, ast.Call)
        and isinstance(n.func, ast.Attribute)
        and isinstance(n.func.value, ast.Name)
        and n.func.value.id == "self"
    ]
    return [
        c.func.attr for c in sorted(calls, key=lambda c: (c.lineno, c.col_offset)) if isinstance(c.func, ast.Attribute)
    ]


def _moved(old: dict[str, list[str]], new: dict[str, list[str]], step: str) -> Iterator[tuple[str, str]]:
    """(caller, callee): the caller ran ``step`` then ``callee`` at the base, the callee runs ``step`` now."""
    for caller, calls in old.items():
        if step not in calls or caller not in new or step in new[caller]:
            continue
        after = calls[calls.index(step) + 1 :]
        for callee in dict.fromkeys(after):
            if (
                callee != step
                and callee in new[caller]
                and step in new.get(callee, [])
                and step not in old.get(callee, [])
            ):
                yield caller, callee


def _fork_pairs(module: ast.Module, owned: set[int], items: list[Absorbed]) -> Iterator[tuple[Absorbed, int]]:
    """(item, line of the callee's call) of each fork function calling the step then the callee on one receiver."""
    for cls, func in _functions(module):
        receivers = _receivers(cls, func, items)
        if not receivers:
            continue
        calls = sorted(
            (n for n in ast.walk(func) if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute)),
            key=lambda c: (c.lineno, c.col_offset),
        )
        for item in items:
            yield from _pair(calls, receivers.get(item.cls, set()), item, owned)


def _pair(calls: list[ast.Call], names: set[str], item: Absorbed, owned: set[int]) -> Iterator[tuple[Absorbed, int]]:
    stepped: set[str] = set()
    for call in calls:
        func = call.func
        recv = func.value if isinstance(func, ast.Attribute) else None
        if not isinstance(func, ast.Attribute) or not isinstance(recv, ast.Name) or recv.id not in names:
            continue
        if func.attr == item.step:
            stepped.add(recv.id)
        elif func.attr == item.callee and recv.id in stepped and call.lineno in owned:
            yield item, call.lineno
            return


def _functions(module: ast.Module) -> Iterator[tuple[ast.ClassDef | None, ast.FunctionDef | ast.AsyncFunctionDef]]:
    for node in module.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            yield None, node
        elif isinstance(node, ast.ClassDef):
            yield from ((node, f) for f in node.body if isinstance(f, ast.FunctionDef | ast.AsyncFunctionDef))


def _receivers(
    cls: ast.ClassDef | None, func: ast.FunctionDef | ast.AsyncFunctionDef, items: list[Absorbed]
) -> dict[str, set[str]]:
    """upstream class -> the names in ``func`` standing for an instance of it: parameters annotated with it, and
    ``self`` in a fork subclass of it that overrides neither the step nor the callee."""
    wanted = {a.cls for a in items}
    found: dict[str, set[str]] = {}
    args = func.args
    for arg in [*args.posonlyargs, *args.args, *args.kwonlyargs]:
        named = _annotated(arg.annotation)
        if named in wanted:
            found.setdefault(named, set()).add(arg.arg)
    if cls is not None:
        own = {f.name for f in cls.body if isinstance(f, ast.FunctionDef | ast.AsyncFunctionDef)}
        for item in items:
            if item.cls in {_annotated(b) for b in cls.bases} and not own & {item.step, item.callee}:
                found.setdefault(item.cls, set()).add("self")
    return found


def _annotated(node: ast.expr | None) -> str | None:
    """The class an annotation names: ``Cls``, ``mod.Cls``, ``"Cls"``."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str) and re.fullmatch(r"[\w.]+", node.value):
        return node.value.rpartition(".")[2]
    if isinstance(node, ast.Attribute):
        return node.attr
    return node.id if isinstance(node, ast.Name) else None


def _finding(trees: ThreeTrees, path: str, line: int, item: Absorbed, pr_pattern: str) -> Finding:
    commit = trees.upstream_commit(item.path, rf"self\.{item.step}\(", pr_pattern)
    return Finding(
        RULE,
        "merge",
        Severity.WARNING,
        path,
        line,
        f"fork runs `.{item.step}(...)` and then `.{item.callee}(...)`, but upstream's `{item.cls}.{item.callee}` now "
        f"runs `self.{item.step}(...)` itself (moved out of `{item.cls}.{item.caller}`, {item.path}{commit}): the step "
        f"runs twice; drop the fork's own `.{item.step}(...)`, or say why it is idempotent",
    )
