"""The audit engine's values: severities, rules, findings, the report, the merge's three sides."""
from __future__ import annotations

import enum
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any


class Severity(str, enum.Enum):
    ERROR = "error"
    WARNING = "warning"


class Scope(enum.Enum):
    """FILE rules look at files one by one (``--changed-since`` narrows them); TREE rules are invariants."""

    FILE = "file"
    TREE = "tree"


@dataclass(frozen=True)
class Condition:
    """Run a rule only when ``path`` exists and contains ``contains`` (e.g. a layer that a release added)."""

    path: str
    contains: str


@dataclass(frozen=True)
class Rule:
    id: str
    kind: str
    severity: Severity
    message: str
    paths: tuple[str, ...]
    options: Any
    origin: str  # where it was declared: "audits/nvfp4.yaml: rules[2]" or "carries.yaml: <id>"
    exclude: tuple[str, ...] = ()
    when: Condition | None = None

    def finding(self, path: str, line: int, detail: str, severity: Severity | None = None) -> Finding:
        message = f"{self.message}: {detail}" if detail else self.message
        return Finding(self.id, self.kind, severity or self.severity, path, line, message)


@dataclass(frozen=True)
class Finding:
    rule_id: str
    kind: str
    severity: Severity
    path: str
    line: int  # 1-based; 0 when the finding is about a whole file or the tree
    message: str
    suppressed: str | None = None  # the reason given by an inline suppression
    also: tuple[str, ...] = ()  # other rules that found the same root cause here (folded into this one)

    @property
    def blocking(self) -> bool:
        return self.severity is Severity.ERROR and self.suppressed is None

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """Every rule id this finding answers to: a waiver of any of them covers it."""
        return (self.rule_id, *self.also)

    def as_dict(self) -> dict[str, Any]:
        return {
            "rule": self.rule_id, "kind": self.kind, "severity": self.severity.value, "path": self.path,
            "line": self.line, "message": self.message, "suppressed": self.suppressed, "also": list(self.also),
        }


def fold_same_cause(findings: list[Finding]) -> list[Finding]:
    """One root cause, one finding: a merge-aware finding on the very line a rule flagged is folded
    into the rule's finding (its id goes to ``also``), so one fix or one waiver settles both."""
    hosts: dict[tuple[str, int], Finding] = {}
    for f in findings:
        if f.kind != "merge" and f.line > 0 and f.suppressed is None:
            hosts.setdefault((f.path, f.line), f)
    folded: dict[int, list[Finding]] = {}
    kept: list[Finding] = []
    for f in findings:
        host = hosts.get((f.path, f.line)) if f.kind == "merge" and f.suppressed is None else None
        if host is None:
            kept.append(f)
        else:
            folded.setdefault(id(host), []).append(f)
    return [_with_also(f, folded.get(id(f), [])) for f in kept]


def _with_also(f: Finding, guests: list[Finding]) -> Finding:
    if not guests:
        return f
    error = f.severity is Severity.ERROR or any(g.severity is Severity.ERROR for g in guests)
    also = tuple(dict.fromkeys(g.rule_id for g in guests if g.rule_id not in f.rule_ids))
    return replace(f, severity=Severity.ERROR if error else Severity.WARNING, also=f.also + also)


@dataclass(frozen=True)
class RuleInfo:
    """What a report says about each rule: the renderers list every rule, failing or not."""

    id: str
    kind: str
    severity: Severity
    message: str
    skipped: str | None = None  # why the rule did not run (its `when` condition was not met)


@dataclass(frozen=True)
class AuditReport:
    findings: tuple[Finding, ...]
    rules: tuple[RuleInfo, ...] = ()
    files_scanned: int = 0
    seconds: float = 0.0

    @property
    def errors(self) -> int:
        return sum(1 for f in self.findings if f.blocking)

    @property
    def warnings(self) -> int:
        return sum(1 for f in self.findings if f.severity is Severity.WARNING and f.suppressed is None)

    @property
    def rules_run(self) -> int:
        return sum(1 for r in self.rules if r.skipped is None)

    def as_dict(self) -> dict[str, Any]:
        return {
            "errors": self.errors,
            "warnings": self.warnings,
            "findings": [f.as_dict() for f in self.findings],
            "rules_run": self.rules_run,
            "rules_skipped": {r.id: r.skipped for r in self.rules if r.skipped is not None},
            "files_scanned": self.files_scanned,
            "seconds": round(self.seconds, 3),
        }


@dataclass(frozen=True)
class MergeSides:
    """A three-way merge by sha; the merged result is the tree being audited (a worktree of ``repo``)."""

    repo: Path
    base: str
    ours: str
    theirs: str


@dataclass(frozen=True)
class Settings:
    """Engine settings that the rule files may tune (``settings:`` in any audits/*.yaml)."""

    near_miss_lines: int = 3


@dataclass(frozen=True)
class RuleSet:
    rules: tuple[Rule, ...] = ()
    settings: Settings = field(default_factory=Settings)
