"""A fork line on the path for a release without a member the merge adds: left behind, a warning.

A fork that bridges an upstream rename tests for the new member and keeps the old spelling for the release
without it: ``if hasattr(Qwen3NextGatedDeltaNet, "_forward_core"): return self._forward_core(*args)`` then
``return self._forward(*args)`` (#28083 renamed ``_forward``), or ``factory = getattr(model,
"make_empty_intermediate_tensors", None)`` then ``factory if factory is not None else
model.make_empty_intmd_tensors`` (#27968).  After the merge the old spelling never runs, yet the checks that
see a use of a gone member report it as an error.

A member upstream's diff defines on an added line and on no removed one (``def NAME(``, ``class NAME``,
``self.NAME =``, ``NAME =``) is there after the merge, so a probe of it answers True: ``hasattr(x, "NAME")``,
``getattr(x, "NAME", None)`` (tested ``is None``, ``is not None``, by truth or ``callable``), ``not``/``and``/
``or`` of such, a name bound once to one.  An error on a line the answer keeps off the path that runs -- the
branch of an ``if`` or a conditional expression its test does not take, or after an ``if`` whose test holds
and whose taken branch always leaves -- is made a warning that says why.  The branch that runs keeps its
errors (``if build is None: return`` then the old read; ``if not OLD:`` with ``OLD = not hasattr(...)``), as
does a probe of a member upstream removed (a module ``__getattr__`` may answer it: its answer is not read
here) and the probe's own line.

Pure but for reading the merged tree and upstream's diff: findings in, findings out.
"""

from __future__ import annotations

import ast
import re
from dataclasses import replace

from aeon_release.domain.audits.drift.gated_lines import demotable
from aeon_release.domain.audits.drift.sides import Changes
from aeon_release.domain.audits.model import Finding, Severity
from aeon_release.domain.audits.source import SourceCache, parent_map

_PROBES = frozenset({"hasattr", "getattr"})


def probed_warnings(findings: list[Finding], tree: SourceCache, upstream: Changes) -> list[Finding]:
    """``findings`` with each merge drift error on a line a probe of a member upstream added leaves behind made
    a warning that says which."""
    asked: dict[str, set[int]] = {}
    for finding in findings:
        if demotable(finding):
            asked.setdefault(finding.path, set()).add(finding.line)
    if not asked:
        return findings
    gated = {path: _probed_lines(tree, path, lines, upstream) for path, lines in asked.items()}
    return [
        replace(f, severity=Severity.WARNING, message=f"{f.message}{gated[f.path][f.line]}")
        if demotable(f) and f.line in gated[f.path]
        else f
        for f in findings
    ]


def _probed_lines(tree: SourceCache, path: str, lines: set[int], upstream: Changes) -> dict[int, str]:
    """Which of ``lines`` of the merged ``path`` sit on a path a probe of a member upstream added leaves
    behind: the path for a release without the member (-> why)."""
    module = tree.module(path)
    if not isinstance(module, ast.Module):
        return {}
    probed = {name for node in ast.walk(module) if (name := _probed(node)) is not None}
    added = {name for name in probed if _added(upstream, name)}
    if not added:
        return {}  # the common case: the file probes no member the merge added
    parents = parent_map(module)
    reader = _Truth(module, added)
    gated: dict[int, str] = {}
    for node in ast.walk(module):
        if isinstance(node, ast.stmt | ast.expr) and node.lineno in lines and node.lineno not in gated:
            if (name := _left_behind(node, parents, reader)) is not None:
                gated[node.lineno] = (
                    f" (on the fork's path for a release without {name}, which upstream adds in this merge: "
                    f"that path no longer runs; check the other one is right)"
                )
    return gated


def _left_behind(node: ast.AST, parents: dict[int, ast.AST], reader: _Truth) -> str | None:
    """The probed member whose test keeps ``node`` off the path that runs after the merge: ``node`` in the
    branch of an ``if`` (or a conditional expression) its test does not take, or after an ``if`` of its block
    whose test holds and whose body always leaves."""
    child, up = node, parents.get(id(node))
    while up is not None:
        if isinstance(up, ast.If | ast.IfExp) and child is not up.test:
            taken, name = reader.truth(up.test)
            in_body = any(child is b for b in up.body) if isinstance(up.body, list) else child is up.body
            if taken is not None and in_body != taken:
                return name
        if isinstance(child, ast.stmt):
            for earlier in _earlier(child, up):
                if isinstance(earlier, ast.If):
                    taken, name = reader.truth(earlier.test)
                    if taken is not None and _leaves(earlier.body if taken else earlier.orelse):
                        return name
        child, up = up, parents.get(id(up))
    return None


def _earlier(stmt: ast.stmt, parent: ast.AST) -> list[ast.stmt]:
    """The statements before ``stmt`` in its block of ``parent``."""
    for field in ("body", "orelse", "finalbody"):
        block = getattr(parent, field, None)
        if isinstance(block, list):
            for i, sibling in enumerate(block):
                if sibling is stmt:
                    return block[:i]
    return []


def _leaves(block: list[ast.stmt]) -> bool:
    return bool(block) and isinstance(block[-1], ast.Return | ast.Raise | ast.Continue | ast.Break)


class _Truth:
    """What a test of the fork's reads after the merge, where it asks only whether a member upstream added is
    there: ``hasattr(x, "new")``, ``getattr(x, "new", None)`` (``is None``, ``is not None``, ``callable(...)``),
    ``not``, ``and``/``or`` of such, and a name bound once to one.  (None, "") for anything else."""

    def __init__(self, module: ast.Module, added: set[str]) -> None:
        self.added = added
        self.bindings: dict[str, list[ast.expr | None]] = {}
        for node in ast.walk(module):
            if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
                self.bindings.setdefault(node.id, []).append(None)
            elif isinstance(node, ast.arg):
                self.bindings.setdefault(node.arg, []).append(None)
        for node in ast.walk(module):
            if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
                self.bindings[node.targets[0].id] = [node.value] * len(self.bindings[node.targets[0].id])

    def truth(self, test: ast.expr, depth: int = 0) -> tuple[bool | None, str]:
        if depth > 4:
            return None, ""
        if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
            value, name = self.truth(test.operand, depth + 1)
            return (None if value is None else not value), name
        if isinstance(test, ast.BoolOp):
            answers = [self.truth(v, depth + 1) for v in test.values]
            if any(value is None for value, _ in answers):
                return None, ""
            values = [bool(value) for value, _ in answers]
            return (all(values) if isinstance(test.op, ast.And) else any(values)), answers[0][1]
        if (
            isinstance(test, ast.Compare)
            and len(test.ops) == 1
            and isinstance(test.ops[0], ast.Is | ast.IsNot)
            and isinstance(test.comparators[0], ast.Constant)
            and test.comparators[0].value is None
        ):
            value, name = self.present(test.left, depth + 1)
            return (None if value is None else value == isinstance(test.ops[0], ast.IsNot)), name
        if isinstance(test, ast.Call) and isinstance(test.func, ast.Name) and test.func.id == "callable":
            return self.present(test.args[0], depth + 1) if len(test.args) == 1 else (None, "")
        return self.present(test, depth + 1)

    def present(self, expr: ast.expr, depth: int) -> tuple[bool | None, str]:
        """Whether ``expr`` holds the member (True after the merge) for a probe of one upstream added."""
        name = _probed(expr)
        if name is not None:
            default = expr.args[2] if isinstance(expr, ast.Call) and len(expr.args) == 3 else None
            falsy = default is None or (isinstance(default, ast.Constant) and not default.value)
            return (True, name) if name in self.added and falsy else (None, "")
        if isinstance(expr, ast.Name):
            bound = self.bindings.get(expr.id, [])
            if len(bound) == 1 and bound[0] is not None:
                return self.truth(bound[0], depth + 1)
        return None, ""


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


def _added(upstream: Changes, name: str) -> bool:
    """Upstream's diff defines ``name`` on an added line of a file and on no removed line of it."""
    if not name.isidentifier():
        return False
    escaped = re.escape(name)
    defines = re.compile(rf"(?:\bdef |\bclass ){escaped}\b|(?:\bself\.|^\s*){escaped}\s*(?::|=(?!=))")
    for path in upstream.matching(re.compile(rf"\b{escaped}\b"), ".py"):
        change = upstream[path]
        if any(defines.search(line) for line in change.added.values()) and not any(
            defines.search(line) for line in change.removed
        ):
            return True
    return False
