"""Moved calls: upstream moved a step from a method into a method it calls; a fork doing the step itself before
calling that method now does it twice.

#13311 (6a854c7a2b) moved ``logits = self.apply_temperature(logits, ...)`` out of ``Sampler.forward`` into
``Sampler.sample`` (which ``forward`` calls), so greedy-only batches skip it.  A fork's drafter that runs its own
pipeline -- ``logits = sampler.apply_temperature(logits, md.temperature)`` then ``return sampler.sample(logits,
md)`` -- merges cleanly and now divides the logits by the temperature twice: its random draws run at the squared
temperature, silently.

Upstream's side (cheap first: only files whose diff both takes out and adds a line calling ``self.m(``): a class
whose method ``A``, at the base, called ``self.m(...)`` and ``self.B(...)`` while ``B`` did not call ``self.m``;
upstream ``A`` no longer calls ``self.m`` and still calls ``self.B``, and ``B`` now calls ``self.m``.  The
fork's side, on lines it owns, in one function: a call ``x.m(...)`` and, after it, ``x.B(...)`` on the same name
``x``, typed as the class or a fork subclass (a parameter's annotation, ``self``).  A warning: ``B`` may run the
step only on some paths (#13311's skips it for an all-greedy batch), and the fork may have meant to pre-apply it.
Quiet: ``x.m(...)`` alone, ``x.B(...)`` alone, ``B`` called first, another receiver, a receiver the engine cannot
type, a step upstream kept in ``A`` as well.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.own_fields import ForkTypes, file_classes
from aeon_release.domain.audits.drift.returns import fork_modules, own_nodes
from aeon_release.domain.audits.drift.retyped import typed_as
from aeon_release.domain.audits.drift.sides import ThreeTrees, parsed_versions
from aeon_release.domain.audits.merge_rules import SYMBOL_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import lazy_pattern, parent_map

__all__ = ["moved_call_drift"]

_SELF_CALL = lazy_pattern(r"\bself\.(\w+)\(")
_FUNCS = (ast.FunctionDef, ast.AsyncFunctionDef)
_MOST_FILES = 16


@dataclass(frozen=True)
class Moved:
    """``cls.caller`` no longer calls ``self.step``; ``cls.into``, which it calls, does now."""

    path: str
    cls: str
    step: str
    caller: str
    into: str


def moved_call_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork calls of a step then of the method upstream moved that step into."""
    paths = [p for p in sorted(trees.upstream) if p.endswith(".py") and _moves_a_call(trees, p)][:_MOST_FILES]
    if not paths:
        return []
    moved = [m for path, old, new in parsed_versions(trees, paths) for m in _moved(path, old, new)]
    if not moved:
        return []
    steps = {f".{m.step}(" for m in moved}
    return [
        _finding(trees, path, line, item, pr_pattern)
        for path, module, owned in fork_modules(trees, lambda line: any(s in line for s in steps))
        for line, item in _twice(trees, path, module, owned, moved)
    ]


def _moves_a_call(trees: ThreeTrees, path: str) -> bool:
    change = trees.upstream[path]
    gone = {m.group(1) for line in change.removed if "self." in line for m in _SELF_CALL.finditer(line)}
    return bool(gone) and any(m.group(1) in gone for t in change.added.values() for m in _SELF_CALL.finditer(t))


def _moved(path: str, old: ast.Module, new: ast.Module) -> Iterator[Moved]:
    after = {c.name: c for c in file_classes(new.body)}
    for cls in (c for c in file_classes(old.body) if c.name in after):
        before, now = _self_calls(cls), _self_calls(after[cls.name])
        for caller, calls in before.items():
            if caller not in now:
                continue  # a method gone is symbol drift's
            for step in sorted(calls - now[caller]):
                for into in sorted(calls & now[caller] & set(now)):
                    if step not in before.get(into, set()) and step in now[into]:
                        yield Moved(path, cls.name, step, caller, into)


def _self_calls(cls: ast.ClassDef) -> dict[str, set[str]]:
    """Method name -> the names it calls off ``self`` (its own body)."""
    return {
        method.name: {
            node.func.attr
            for node in own_nodes(method.body)
            if isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and isinstance(node.func.value, ast.Name)
            and node.func.value.id == "self"
        }
        for method in cls.body
        if isinstance(method, _FUNCS)
    }


def _twice(
    trees: ThreeTrees, path: str, module: ast.Module, owned: set[int], moved: list[Moved]
) -> Iterator[tuple[int, Moved]]:
    """(line of the ``x.B(...)`` call, move) where the same function called ``x.m(...)`` on an earlier line."""
    parents = parent_map(module)
    fork = ForkTypes.of(trees, path, module)
    for func in (n for n in ast.walk(module) if isinstance(n, _FUNCS)):
        calls = sorted(_receiver_calls(func, owned), key=lambda c: c[0])
        for item in moved:
            firsts = {(r, line) for line, r, name in calls if name == item.step}
            for line, receiver, name in calls:
                if name != item.into or not any(r == receiver and at < line for r, at in firsts):
                    continue
                typed = typed_as(ast.Name(id=receiver), func, parents, fork.classes)
                if item.cls in typed and not fork.owns(item.cls):
                    yield line, item
                    break


def _receiver_calls(func: ast.FunctionDef | ast.AsyncFunctionDef, owned: set[int]) -> Iterator[tuple[int, str, str]]:
    """(line, receiver name, method) of each fork-owned ``x.method(...)`` of the function's own body."""
    for node in own_nodes(func.body):
        if isinstance(node, ast.Call) and node.lineno in owned and isinstance(node.func, ast.Attribute):
            if isinstance(node.func.value, ast.Name):
                yield node.lineno, node.func.value.id, node.func.attr


def _finding(trees: ThreeTrees, path: str, line: int, item: Moved, pr_pattern: str) -> Finding:
    commit = trees.upstream_commit(item.path, rf"self\.{item.step}\(", pr_pattern)
    return Finding(
        RULE,
        "merge",
        Severity.WARNING,
        path,
        line,
        f"fork-owned call of {item.into} after the fork's own {item.step}, but upstream's {item.cls}.{item.into} "
        f"now calls self.{item.step} itself ({item.path}{commit}: moved there from {item.cls}.{item.caller}): the "
        f"step may now run twice; drop the fork's own call, or check where {item.into} runs it",
    )
