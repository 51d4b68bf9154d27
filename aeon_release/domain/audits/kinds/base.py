"""The contract every rule kind meets, the context a check runs in, and Fixit-style examples.

A kind is one module with one class and one line in ``registry.py``.  Its docstring's first line is
what ``aeon-release audits list`` prints; its VALID and INVALID examples run as tests.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from aeon_release.adapters.yamlio import Where
from aeon_release.docstrings import doc_of
from aeon_release.domain.audits.model import Finding, Rule, Scope
from aeon_release.domain.audits.source import SourceCache, Tree, is_glob, select


@dataclass(frozen=True)
class Example:
    """A tiny tree and a rule for it.  INVALID examples list the (path, line) findings they must give."""

    files: Mapping[str, str]
    rule: Mapping[str, Any]
    expect: tuple[tuple[str, int], ...] = ()


@dataclass
class Context:
    tree: Tree | Path
    files: Sequence[str]
    cache: SourceCache
    changed: frozenset[str] | None = None  # None: every file; else only these for FILE-scoped rules
    _present: frozenset[str] = field(default=frozenset(), init=False)

    def __post_init__(self) -> None:
        self._present = frozenset(self.files)

    def exists(self, path: str) -> bool:
        return path in self._present

    def targets(self, rule: Rule, scope: Scope) -> list[str]:
        chosen = select(self.files, rule.paths, rule.exclude)
        if scope is Scope.FILE and self.changed is not None:
            chosen = [f for f in chosen if f in self.changed]
        return chosen

    def missing(self, rule: Rule, scope: Scope) -> Iterator[Finding]:
        """A literal path that is gone means the rule guards nothing any more: say so, never pass silently."""
        if scope is Scope.FILE and self.changed is not None:
            return
        for path in rule.paths:
            if not is_glob(path) and not self.exists(path):
                yield rule.finding(path, 0, f"{path} does not exist in the tree")
            elif is_glob(path) and not select(self.files, (path,), rule.exclude):
                yield rule.finding(path, 0, f"no file matches {path}")

    def parsed(self, rule: Rule, path: str) -> ast.Module | Finding:
        """The file's module, or the finding that says why the rule cannot look at it."""
        module = self.cache.module(path)
        if module is None:
            return rule.finding(path, 0, f"{path} does not exist in the tree")
        if isinstance(module, SyntaxError):
            return rule.finding(path, module.lineno or 0, f"cannot parse {path}: {module.msg}")
        return module

    def functions(self, rule: Rule, path: str, name: str) -> list[ast.FunctionDef | ast.AsyncFunctionDef] | Finding:
        """The functions named ``name`` in ``path``; a finding when there are none (the rule would guard nothing)."""
        found = self.cache.functions(path, name)
        if found is None:
            return rule.finding(path, 0, f"{path} does not exist in the tree")
        if isinstance(found, SyntaxError):
            return rule.finding(path, found.lineno or 0, f"cannot parse {path}: {found.msg}")
        if not found:
            return rule.finding(path, 0, f"function {name} not found in {path}: the rule guards nothing")
        return found


@runtime_checkable
class RuleKind(Protocol):
    name: str
    scope: Scope
    required: tuple[str, ...]  # kind-specific YAML fields
    optional: tuple[str, ...]
    default_paths: tuple[str, ...] | None  # None: the rule must say which paths it applies to
    valid: tuple[Example, ...]
    invalid: tuple[Example, ...]

    def parse(self, data: Mapping[str, Any], where: Where) -> Any:
        """Kind-specific fields -> an options value; raise ``where.fail(...)`` on bad input."""

    def check(self, rule: Rule, ctx: Context) -> Iterator[Finding]:
        """Findings of this rule on the tree."""


def doc_line(kind: object) -> str:
    doc = doc_of(type(kind)).strip()
    return doc.splitlines()[0] if doc else ""


def string_list(node: Any, where: Where) -> tuple[str, ...]:
    from aeon_release.adapters.yamlio import sequence, string

    if isinstance(node, str):
        return (string(node, where),)
    items = tuple(string(item, where.index(i)) for i, item in enumerate(sequence(node, where)))
    if not items:
        raise where.fail("must not be empty")
    return items
