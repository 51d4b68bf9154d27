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

from aeon_release.domain.audits.drift.fallbacks import hasattr_refuting
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
    """The other members the ``hasattr`` gates around the finding's use of ``x.name`` ask for."""
    asked: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.lineno == finding.line and f".{node.attr}" in finding.message:
            asked |= hasattr_refuting(node, ast.unparse(node.value), parents) - {node.attr}
    return asked
