"""Gated callers: a fork call of a function in which upstream added a raise that the fleet's device now meets.

#43669 (fe32e7830b) made ``FlashInferMetadataBuilder.__init__`` refuse an NVFP4 KV cache off sm100f: under ``if
self.is_kvcache_nvfp4:`` it added ``if not current_platform.is_device_capability_family(100): raise ValueError(...)``.
Device-gate drift reports the new check where upstream wrote it (``drift/device_gates.py``: a capability check the
fleet's device meets, turning it away); the fork's line that now raises is elsewhere -- a builder subclass's
``super().__init__(kv_cache_spec, layer_names, ...)`` serving the fleet's NVFP4 cache -- and
nothing tied the two.

Upstream's side: each gate device-gate drift found whose merged check turns the device away by raising (the
``if``'s body ends in ``raise``), in a function ``f`` or a method ``C.m`` of a changed module.  The fork's side, on
a line it owns in a file that imports that module: a call reaching the function -- ``f(...)``/``mod.f(...)``;
``C(...)`` for ``__init__``; ``C.m(...)``; ``super().m(...)`` in a class deriving from ``C`` -- not inside a ``try``
whose handler catches the raised class (or ``Exception``, ``BaseException``, a bare ``except``).  A warning on the
call's line: the raise sits under the gate and may sit under other tests (the cache dtype here) that only the run
decides.  Quiet: the raising function's own module, a call of another member of the class, a subclass overriding
the method without ``super()``, a caught raise.

Cheap first: only when device-gate drift found a raising gate, and only fork files whose added lines name ``f`` or
``C`` are parsed.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.pyindex import dotted_name
from aeon_release.domain.audits.drift.sides import ThreeTrees
from aeon_release.domain.audits.merge_rules import DEVICE_GATE as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import short

_BROAD = frozenset({"Exception", "BaseException"})


@dataclass(frozen=True)
class Raising:
    """In ``path``'s ``scope`` (``f`` or ``C.m``) upstream's check ``text`` now raises ``raised`` for the device."""

    path: str
    scope: str
    text: str
    raised: str  # the raised class's name, "" when not a plain name or call of one
    label: str  # the device, as ``DeviceGates.label`` spells it
    commit: str  # ``", in SHA (#PR, 'subject')"`` or ""


def gated_caller_findings(trees: ThreeTrees, raising: list[Raising]) -> list[Finding]:
    """Warnings on fork calls of a function upstream made raise for the device (see the module's docstring)."""
    wanted = [r for r in raising if 1 <= len(r.scope.split(".")) <= 2]
    if not wanted:
        return []
    findings: list[Finding] = []
    for path in sorted(p for p in trees.mine if p.endswith(".py")):
        added = "\n".join(trees.mine[path].added.values())
        items = [r for r in wanted if r.path != path and re.search(rf"\b{_head(r.scope)}\b", added)]
        text = trees.merged_text(path) if items else None
        items = [r for r in items if text is not None and names_module(text, dotted_name(r.path))]
        module = trees.merged_module(path) if items else None
        if module is None:
            continue
        owned = trees.owned_lines(path)
        for item, line, how in _calls(module, items):
            if line in owned:
                findings.append(_finding(path, line, how, item))
    return findings


def _head(scope: str) -> str:
    """The name a fork file spells to reach the scope: the class of a method, else the function."""
    return scope.split(".")[0]


def names_module(text: str, module: str) -> bool:
    """Whether the file names upstream's module: ``a.b.c`` whole, or ``from a.b import c``."""
    if module in text:
        return True
    parent, _, last = module.rpartition(".")
    return bool(parent) and re.search(rf"from\s+{re.escape(parent)}\s+import\b[^\n]*\b{last}\b", text) is not None


def _calls(module: ast.Module, items: list[Raising]) -> Iterator[tuple[Raising, int, str]]:
    """(item, line, how it is reached) of each call reaching an item's function, not caught around it."""
    for node, caught in _walk(module, frozenset(), None):
        if not isinstance(node, ast.Call):
            continue
        for item in items:
            how = _reaches(node, item, caught[1])
            if how is not None and not _catches(caught[0], item.raised):
                yield item, node.lineno, how


def _walk(
    node: ast.AST, caught: frozenset[str], bases: frozenset[str] | None
) -> Iterator[tuple[ast.AST, tuple[frozenset[str], frozenset[str]]]]:
    """Every node with the classes the ``try`` statements around it catch (``*`` for a bare ``except``) and the
    base names of the class whose method holds it."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.ClassDef):
            names = frozenset(n for b in child.bases if (n := _last(b)) is not None)
            yield from _walk(child, caught, names)
            continue
        if isinstance(child, ast.Try | ast.TryStar):
            held = caught | {_handled(h) for h in child.handlers}
            for stmt in child.body:
                yield stmt, (held, bases or frozenset())
                yield from _walk(stmt, held, bases)
            for part in (*child.handlers, *child.orelse, *child.finalbody):
                yield part, (caught, bases or frozenset())
                yield from _walk(part, caught, bases)
            continue
        yield child, (caught, bases or frozenset())
        yield from _walk(child, caught, bases)


def _handled(handler: ast.ExceptHandler) -> str:
    if handler.type is None:
        return "*"
    return "|".join(n for e in ast.walk(handler.type) if (n := _last(e)) is not None)


def _catches(caught: frozenset[str], raised: str) -> bool:
    names = {n for c in caught for n in c.split("|")}
    return bool(names & ({"*", raised} | _BROAD))


def _last(node: ast.AST) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Subscript):  # ``Builder[Meta]``
        return _last(node.value)
    return None


def _reaches(call: ast.Call, item: Raising, bases: frozenset[str]) -> str | None:
    """How the call reaches the item's function, None when it does not."""
    owner, _, method = item.scope.rpartition(".")
    func = call.func
    if not owner:
        return f"`{item.scope}(...)`" if _last(func) == item.scope and not _is_method_call(func) else None
    if method == "__init__" and _last(func) == owner and not _is_method_call(func):
        return f"`{owner}(...)`"
    if isinstance(func, ast.Attribute) and func.attr == method:
        if _last(func.value) == owner:
            return f"`{owner}.{method}(...)`"
        if _is_super(func.value) and owner in bases:
            return f"`super().{method}(...)` in a subclass of `{owner}`"
    return None


def _is_method_call(func: ast.expr) -> bool:
    """``self.f(...)``/``obj.f(...)``: a member of an object, not a module's function (``mod.f``) or a class."""
    return isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name) and func.value.id in ("self", "cls")


def _is_super(node: ast.expr) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "super"


def _finding(path: str, line: int, how: str, item: Raising) -> Finding:
    raised = f"`raise {item.raised}`" if item.raised else "a raise"
    return Finding(
        RULE,
        "merge",
        Severity.WARNING,
        path,
        line,
        f"fork reaches upstream's `{item.scope}` by {how}, where upstream added {raised} under a capability check "
        f"a {item.label} device meets: `{short(item.text)}` ({item.path}{item.commit}): on this device the call "
        "raises whenever it reaches that branch; check the path the fork takes there",
    )
