"""A use of a gone member that runs only where a ``hasattr`` test for another member failed: a version gate.

``if hasattr(self, "build_per_group_and_layer_attn_metadata"): return self.build_per_group_and_layer_attn_metadata(cm)[1]``
then ``return self.build_per_layer_attn_metadata(cm)`` (upstream #37887 renamed the one to the other): the
fork wrote the old spelling as the fallback for trees without the new member.  Once upstream removes the
old member and defines the asked one, the fallback never runs -- the removal breaks nothing.  Such a use is
quiet when upstream's tree defines a member of the asked name, and a warning when it does not (the gate
then fails, the fallback runs, and the gone member raises): the gate's author may have guessed the new name
wrong, which only a person can tell.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterable
from dataclasses import replace

from aeon_release.domain.audits.drift.fallbacks import hasattr_refuting, held_refuting
from aeon_release.domain.audits.drift.patched_names import patched_attribute
from aeon_release.domain.audits.drift.pyindex import Tree
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import parent_map, parse_python

Defined = Callable[[list[str]], dict[str, list[tuple[str, int]]]]

_UNDEFINED = (
    "; it runs only where hasattr() finds none of {names}, and upstream defines none of them: the fallback "
    "runs after the merge, so check the gate asks for what replaced it"
)


def version_gated(
    findings: list[Finding], merged: Tree, gone: Callable[[Finding], bool], defined: Defined | None
) -> list[Finding]:
    """``findings`` with each error that a gone member is used, on a line that runs only where a
    ``hasattr`` test for another member of the same object failed, dropped (upstream defines an asked
    name) or made a warning (it does not, or the tree cannot say)."""
    candidates = [f for f in findings if f.severity is Severity.ERROR and gone(f)]
    if not candidates:
        return findings
    changed: dict[int, Finding | None] = {}
    for path in sorted({f.path for f in candidates}):
        text = merged.text(path)
        tree = parse_python(text, path) if text is not None else None
        if tree is not None:
            changed.update(_judged([f for f in candidates if f.path == path], tree, defined))
    kept = (changed.get(id(f), f) for f in findings)
    return [f for f in kept if f is not None]


def _judged(findings: list[Finding], tree: ast.Module, defined: Defined | None) -> Iterable[tuple[int, Finding | None]]:
    parents = parent_map(tree)
    for finding in findings:
        asked = _asked(finding, tree, parents)
        if not asked:
            continue
        if defined is not None and any(defined(sorted(asked)).values()):
            yield id(finding), None
        else:
            names = ", ".join(sorted(asked))
            message = finding.message + _UNDEFINED.format(names=names)
            yield id(finding), replace(finding, severity=Severity.WARNING, message=message)


def _asked(finding: Finding, tree: ast.Module, parents: dict[int, ast.AST]) -> set[str]:
    """The other members the ``hasattr`` gates around the finding's use of ``x.name`` ask for, or the probes
    of them held in a name (``v = getattr(x, "new", None)``; ``v if v is not None else <the use>``)."""
    asked: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.lineno == finding.line and f".{node.attr}" in finding.message:
            asked |= _refuting(node, ast.unparse(node.value), parents) - {node.attr}
        elif isinstance(node, ast.Call) and node.lineno == finding.line and (patched := patched_attribute(node)):
            asked |= _refuting(node, ast.unparse(patched[0]), parents) - {patched[1]}
        elif isinstance(node, ast.Call) and node.lineno == finding.line and (read := _string_read(node)):
            # ``getattr(x, "old", None)`` reads ``x.old`` by a string: gated as the attribute read is
            if f".{read[1]}" in finding.message:
                asked |= _refuting(node, ast.unparse(read[0]), parents) - {read[1]}
    return asked


def _refuting(node: ast.AST, subject: str, parents: dict[int, ast.AST]) -> set[str]:
    return hasattr_refuting(node, subject, parents) | held_refuting(node, subject, parents)


def _string_read(call: ast.Call) -> tuple[ast.expr, str] | None:
    """``getattr(x, "name", ...)`` / ``hasattr(x, "name")``: (x, name)."""
    if not (isinstance(call.func, ast.Name) and call.func.id in ("getattr", "hasattr") and len(call.args) >= 2):
        return None
    name = call.args[1].value if isinstance(call.args[1], ast.Constant) else None
    return (call.args[0], name) if isinstance(name, str) and not isinstance(call.args[0], ast.Starred) else None
