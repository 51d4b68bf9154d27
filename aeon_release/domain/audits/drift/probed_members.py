"""A fork line on a path chosen by a probe of a member the merge added or removed: a path per release, a warning.

A fork that bridges an upstream rename tests for the member and keeps the old spelling for the release
without it: ``if hasattr(Qwen3NextGatedDeltaNet, "_forward_core"): return self._forward_core(*args)`` then
``return self._forward(*args)`` (#28083 renamed ``_forward``), or ``factory = getattr(model,
"make_empty_intermediate_tensors", None)`` then ``factory if factory is not None else
model.make_empty_intmd_tensors`` (#27968).  After the merge the old spelling never runs, yet the checks that
see a use of a gone member report it as an error.  A probe of a member upstream's diff defines on one side
only (``def NAME(``, ``class NAME``, ``self.NAME =``, ``NAME =`` on an added line and on no removed one, or the
reverse) tells the two releases apart as a version test does, so an error on a line under such a test (either
branch, a conditional expression, a flag the function binds from the probe, or after such an ``if`` that
returns) is made a warning that says why, as ``gated_lines`` does for a version test.  A probe of a member
both sides define (a helper the fork tests for its own reasons) changes nothing.

Pure but for reading the merged tree and upstream's diff: findings in, findings out.
"""

from __future__ import annotations

import ast
import re
from dataclasses import replace

from aeon_release.domain.audits.drift.fallbacks import version_gated
from aeon_release.domain.audits.drift.sides import Changes
from aeon_release.domain.audits.merge_rules import DUPLICATE_DEFINITION, UNREACHABLE
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import SourceCache, parent_map

_PROBES = frozenset({"hasattr", "getattr"})


def probed_warnings(findings: list[Finding], tree: SourceCache, upstream: Changes) -> list[Finding]:
    """``findings`` with each merge drift error on a line under a probe of a member upstream's diff added or
    removed made a warning that says which."""
    asked: dict[str, set[int]] = {}
    for finding in findings:
        if _demotable(finding):
            asked.setdefault(finding.path, set()).add(finding.line)
    if not asked:
        return findings
    gated = {path: _probed_lines(tree, path, lines, upstream) for path, lines in asked.items()}
    return [
        replace(f, severity=Severity.WARNING, message=f"{f.message}{gated[f.path][f.line]}")
        if _demotable(f) and f.line in gated[f.path]
        else f
        for f in findings
    ]


def _demotable(finding: Finding) -> bool:
    return (
        finding.severity is Severity.ERROR
        and finding.rule_id.startswith("merge/")
        and finding.rule_id not in (DUPLICATE_DEFINITION, UNREACHABLE)  # the merged file's own shape
        and finding.path.endswith(".py")
        and finding.line > 0
    )


def _probed_lines(tree: SourceCache, path: str, lines: set[int], upstream: Changes) -> dict[int, str]:
    """Which of ``lines`` of the merged ``path`` sit on a path chosen by a probe of a member upstream's diff
    defines on one side only (-> why)."""
    module = tree.module(path)
    if not isinstance(module, ast.Module):
        return {}
    probed = {name for node in ast.walk(module) if (name := _probed(node)) is not None}
    changed = {name for name in probed if _one_sided(upstream, name)}
    if not changed:
        return {}  # the common case: the file probes no member the merge changed

    def asks(node: ast.AST) -> bool:
        return _probed(node) in changed

    parents = parent_map(module)
    gated: dict[int, str] = {}
    for node in ast.walk(module):
        if isinstance(node, ast.stmt | ast.expr) and node.lineno in lines and node.lineno not in gated:
            if version_gated(node, parents, asks, raises=False):
                names = ", ".join(sorted(changed))
                gated[node.lineno] = (
                    f" (on a path the fork chooses by probing {names}, which upstream added or removed in this "
                    f"merge: a path per release; check that the other path is the one that runs now)"
                )
    return gated


def _probed(node: ast.AST) -> str | None:
    """The member ``hasattr(x, "name")`` or ``getattr(x, "name", default)`` probes."""
    if not (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in _PROBES
        and len(node.args) == (2 if node.func.id == "hasattr" else 3)
    ):
        return None
    name = node.args[1]
    return name.value if isinstance(name, ast.Constant) and isinstance(name.value, str) else None


def _one_sided(upstream: Changes, name: str) -> bool:
    """Upstream's diff defines ``name`` on its added lines and not its removed ones, or the reverse."""
    if not name.isidentifier():
        return False
    escaped = re.escape(name)
    defines = re.compile(rf"(?:\bdef |\bclass ){escaped}\b|(?:\bself\.|^\s*){escaped}\s*(?::|=(?!=))")
    for path in upstream.matching(re.compile(rf"\b{escaped}\b"), ".py"):
        change = upstream[path]
        added = any(defines.search(line) for line in change.added.values())
        removed = any(defines.search(line) for line in change.removed)
        if added != removed:
            return True
    return False
