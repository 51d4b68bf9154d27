"""Handed literals: a value a class hands its member's constructor made a literal, read back off the member.

#24119 (930a24144c) built ``DeepseekV2MoE.experts`` with ``routed_scaling_factor=1.0`` where it had passed
``self.routed_scaling_factor`` (the MoE now scales outside the experts, so the old value scaled twice).  The
experts store the keyword as ``self.routed_scaling_factor``; a fork line reading
``moe.experts.routed_scaling_factor`` to scale its own NVFP4 path merges cleanly and now multiplies by 1.0 on
every instance: no name moved, no signature changed, so no other check sees it.

Upstream's side: a class of a changed file whose ``__init__`` stores ``self.A = K(..., kw=V)`` once at both
commits (the same callee), where ``V`` was another expression at the base and is now a literal constant (a
number, a string, a bool; None is the nulled checks').  The fork's side, on a line it owns: a read of
``X.A.kw`` -- the member's attribute named as the keyword -- where ``X`` is ``self`` in a class deriving from
that class, or a name its function types as the class (a parameter's annotation, the call it is bound to), the
class imported from its module or a package above it.  Quiet where the fork's class sets ``self.A`` itself, the
fork's function stores ``X.A.kw`` itself, or the read sits under a test of it.

A warning, not an error: the member's class is not followed, so whether it stores the keyword unchanged under
its own name (``FusedMoE`` does) is the reviewer's to confirm.

Pure but for reading the three trees: findings out.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass

from aeon_release.domain.audits.drift.nulled_attributes import (
    _init,
    _names,
    _sets,
    assigned_targets,
    derived_from,
    is_self_attribute,
    local_bases,
)
from aeon_release.domain.audits.drift.own_fields import enclosing, enclosing_class, file_classes, receiver_names
from aeon_release.domain.audits.drift.pyindex import file_imports, imported_origin
from aeon_release.domain.audits.drift.returns import fork_modules
from aeon_release.domain.audits.drift.sides import ThreeTrees, parsed_versions
from aeon_release.domain.audits.merge_rules import DEFAULT_DRIFT as RULE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import lazy_pattern, parent_map, parsed_expression

# a fork line reading a member's attribute off a held object: ``moe.experts.routed_scaling_factor``
_HELD_READ = lazy_pattern(r"\.(\w+)\.(\w+)\b(?!\s*=(?!=))")
# an added line passing a keyword a literal: ``routed_scaling_factor=1.0,``
_LITERAL_KW = lazy_pattern(r"\b(\w+)\s*=\s*(?:-?[\d.]+(?:e-?\d+)?|True|False|\"[^\"]*\"|'[^']*')\s*[,)]?\s*(?:#.*)?$")
_MOST_FILES = 32


@dataclass(frozen=True)
class Handed:
    """``cls`` (of ``path``) now builds ``self.held`` with ``keyword=new`` (a literal) where it passed ``old``."""

    path: str
    cls: str
    held: str
    keyword: str
    old: str
    new: str
    line: int


def handed_literal_drift(trees: ThreeTrees, pr_pattern: str) -> list[Finding]:
    """Fork reads of a held member's attribute whose value upstream now hands the member's build as a literal."""
    pairs = {
        (m.group(1), m.group(2))
        for p in trees.mine
        if p.endswith(".py")
        for t in trees.mine[p].added.values()
        for m in _HELD_READ.finditer(t)
    }
    if not pairs:
        return []
    keywords = {kw for _, kw in pairs}
    paths = [p for p in sorted(trees.upstream) if p.endswith(".py") and _candidate(trees, p, keywords)]
    handed = [
        h
        for path, old, new in parsed_versions(trees, paths[:_MOST_FILES])
        for h in _handed(path, old, new)
        if (h.held, h.keyword) in pairs
    ]
    findings: list[Finding] = []
    for path, module, owned in fork_modules(trees, lambda line: any(f".{h.held}.{h.keyword}" in line for h in handed)):
        findings += [_finding(trees, path, line, h, pr_pattern) for h, line in _fork_reads(path, module, owned, handed)]
    return findings


def _candidate(trees: ThreeTrees, path: str, keywords: set[str]) -> bool:
    """The diff added a line passing one of the read keywords a literal."""
    return any(
        (m := _LITERAL_KW.search(line)) and m.group(1) in keywords for line in trees.upstream[path].added.values()
    )


def _handed(path: str, old: ast.Module, new: ast.Module) -> Iterator[Handed]:
    before = {c.name: c for c in file_classes(old.body)}
    for cls in file_classes(new.body):
        was = before.get(cls.name)
        old_init, init = (_init(was) if was else None), _init(cls)
        if old_init is None or init is None:
            continue
        old_builds, builds = _builds(old_init), _builds(init)
        for held, call in builds.items():
            prior = old_builds.get(held)
            if prior is not None and ast.dump(prior.func) == ast.dump(call.func):
                yield from _changed(path, cls.name, held, prior, call)


def _builds(init: ast.FunctionDef) -> dict[str, ast.Call]:
    """``A`` -> the call ``__init__`` stores as ``self.A``, for each attribute it stores exactly once, a call."""
    stores: dict[str, list[ast.expr | None]] = {}
    for node in ast.walk(init):
        if isinstance(node, ast.stmt):
            for target in assigned_targets(node):
                if is_self_attribute(target):
                    stores.setdefault(target.attr, []).append(getattr(node, "value", None))
    return {a: v[0] for a, v in stores.items() if len(v) == 1 and isinstance(v[0], ast.Call)}


def _changed(path: str, cls: str, held: str, prior: ast.Call, call: ast.Call) -> Iterator[Handed]:
    """Each keyword ``call`` now passes a literal (not None) that ``prior`` passed another expression for."""
    was = {k.arg: k.value for k in prior.keywords if k.arg}
    for kw in call.keywords:
        value, old = kw.value, was.get(kw.arg or "")
        if kw.arg is None or old is None or not _literal(value) or ast.dump(old) == ast.dump(value):
            continue
        yield Handed(path, cls, held, kw.arg, ast.unparse(old), ast.unparse(value), kw.value.lineno)


def _literal(node: ast.expr) -> bool:
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        node = node.operand
    return isinstance(node, ast.Constant) and node.value is not None and not isinstance(node.value, bytes)


def _fork_reads(path: str, module: ast.Module, owned: set[int], handed: list[Handed]) -> Iterator[tuple[Handed, int]]:
    imports = file_imports(module, path)
    local = {c.name: c for c in module.body if isinstance(c, ast.ClassDef)}
    parents = parent_map(module)
    for node in ast.walk(module):
        if not (isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load) and node.lineno in owned):
            continue
        held = node.value
        if not (isinstance(held, ast.Attribute) and isinstance(held.value, ast.Name)):
            continue
        for item in handed:
            if (held.attr, node.attr) == (item.held, item.keyword) and _typed(
                held.value, item, parents, imports, local
            ):
                if not _quieted(node, item, parents):
                    yield item, node.lineno
                    break


def _typed(
    name: ast.Name,
    item: Handed,
    parents: dict[int, ast.AST],
    imports: dict[str, tuple[str, str]],
    local: dict[str, ast.ClassDef],
) -> bool:
    """``name`` is ``self`` of a class deriving from ``item``'s class (not setting ``self.held`` itself), or a
    name its function types as that class."""
    if name.id == "self":
        cls = enclosing_class(name, parents)
        if cls is None or _sets(cls, item.held):
            return False
        return bool(derived_from(cls, local_bases(cls, local), imports, [item]))
    func = enclosing(name, parents)
    if func is None:
        return False
    for typed in receiver_names(name.id, func):
        # a quoted annotation is any text: ``"a.1"`` or ``"lambda"`` passed the old identifier test, then
        # crashed ``ast.parse`` (a SyntaxError lost every merge-aware check)
        expr = parsed_expression(typed)
        origin = imported_origin(expr, imports) if isinstance(expr, ast.Name | ast.Attribute) else None
        if origin is not None and _names(origin, item):
            return True
    return False


def _quieted(read: ast.Attribute, item: Handed, parents: dict[int, ast.AST]) -> bool:
    """The function stores ``X.held.keyword`` itself, or tests it: it sets or asks the value it reads."""
    func = enclosing(read, parents)
    if func is None:
        return False
    spelt = ast.unparse(read)
    for node in ast.walk(func):
        if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store) and ast.unparse(node) == spelt:
            return True
        if isinstance(node, ast.If | ast.IfExp | ast.Assert | ast.Compare) and any(
            ast.unparse(n) == spelt for n in ast.walk(node.test if not isinstance(node, ast.Compare) else node)
        ):
            return True
    return False


def _finding(trees: ThreeTrees, path: str, line: int, item: Handed, pr_pattern: str) -> Finding:
    commit = trees.upstream_commit(
        item.path, rf"{item.keyword}[[:space:]]*=[[:space:]]*{re.escape(item.new)}", pr_pattern
    )
    return Finding(
        RULE,
        "merge",
        Severity.WARNING,
        path,
        line,
        f"fork-owned read of {item.held}.{item.keyword} off {item.cls}, whose constructor upstream changed "
        f"({item.path}:{item.line}{commit}): it now builds self.{item.held} with {item.keyword}={item.new} where it "
        f"passed {item.old}, so a member storing the keyword holds {item.new} on every instance and the read no "
        f"longer gets {item.old}; read the value at its source ({item.old}) if the fork needs it",
    )
