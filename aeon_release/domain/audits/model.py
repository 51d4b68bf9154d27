"""The audit engine's values: severities, rules, findings, the report, the merge's three sides."""

from __future__ import annotations

import enum
import fnmatch
import json
import sys
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from aeon_release.grammar import GITHUB_PR_SUBJECT

NOT_AUDITED = "audit/not-audited"  # what an audit could not read or check, and why (a warning)
CONFIG_NOTE = "audit/config"  # what the config itself lacks (no rules of its own)


class Severity(str, enum.Enum):
    ERROR = "error"
    WARNING = "warning"


class Scope(enum.Enum):
    """FILE rules look at files one by one (``--changed-since`` narrows them); TREE rules are invariants."""

    FILE = "file"
    TREE = "tree"


# What a bulk kind's scan() reports for one file: (line, detail), or (line, detail, severity) when a
# problem is milder than the rule (a file too big to compile is a warning, not a compile error).
Problem = tuple[int, str] | tuple[int, str, "Severity"]


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
    carry: str | None = None  # the carry it guards: it runs while carries.yaml has that carry active

    def finding(self, path: str, line: int, detail: str, severity: Severity | None = None) -> Finding:
        message = f"{self.message}: {detail}" if detail else self.message
        return Finding(self.id, self.kind, severity or self.severity, path, line, message)


@dataclass(frozen=True)
class Fix:
    """One safe rewrite of a finding: the source text at [line:col, end_line:end_col) becomes ``new``.

    Columns count characters (not bytes).  ``import_name`` from ``import_from`` is added when the
    file does not bind it yet.
    """

    path: str
    line: int
    col: int
    end_line: int
    end_col: int
    old: str
    new: str
    import_from: str | None = None
    import_name: str | None = None

    def describe(self) -> str:
        extra = f" (and `from {self.import_from} import {self.import_name}`)" if self.import_from else ""
        return f"{self.path}:{self.line}: `{self.old}` -> `{self.new}`{extra}"

    def as_dict(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "line": self.line,
            "col": self.col,
            "end_line": self.end_line,
            "end_col": self.end_col,
            "old": self.old,
            "new": self.new,
            "import_from": self.import_from,
            "import_name": self.import_name,
        }


@dataclass(frozen=True)
class Finding:
    rule_id: str
    kind: str
    severity: Severity
    path: str
    line: int  # 1-based; 0 when the finding is about a whole file or the tree
    message: str
    suppressed: str | None = None  # the reason given by an inline suppression
    fix: Fix | None = None  # one safe rewrite, when there is exactly one
    also: tuple[str, ...] = ()  # other rules that found the same root cause here (folded into this one)

    @property
    def blocking(self) -> bool:
        return self.severity is Severity.ERROR and self.suppressed is None

    @property
    def rule_ids(self) -> tuple[str, ...]:
        """Every rule id this finding answers to: a waiver of any of them covers it."""
        return (self.rule_id, *self.also)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Finding:
        """The inverse of :meth:`as_dict` (a cached or recorded finding); raises on a damaged one."""
        fix = data.get("fix")
        return cls(
            str(data["rule"]),
            str(data["kind"]),
            Severity(data["severity"]),
            str(data["path"]),
            int(data["line"]),
            str(data["message"]),
            data.get("suppressed"),
            Fix(**fix) if isinstance(fix, dict) else None,
            tuple(str(r) for r in data.get("also") or ()),
        )

    def as_dict(self) -> dict[str, Any]:
        return {
            "rule": self.rule_id,
            "kind": self.kind,
            "severity": self.severity.value,
            "path": self.path,
            "line": self.line,
            "message": self.message,
            "suppressed": self.suppressed,
            "also": list(self.also),
            **({"fix": self.fix.as_dict()} if self.fix is not None else {}),
        }


def fold_same_cause(findings: list[Finding]) -> list[Finding]:
    """One root cause, one finding: a merge-aware finding on the very line a rule flagged is folded
    into the rule's finding (its id goes to ``also``), so one fix or one waiver settles both."""
    hosts: dict[tuple[str, int], Finding] = {}
    for f in findings:
        # a finding about a suppression comment (unused, no reason) is no rule's: the merge-aware
        # finding on its line is another cause (a name-drift error took the id suppression/unused)
        if f.kind not in ("merge", "suppression") and f.line > 0 and f.suppressed is None:
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
    fix = f.fix or next((g.fix for g in guests if g.fix is not None), None)  # the guest's rewrite fixes the same line
    return replace(f, severity=Severity.ERROR if error else Severity.WARNING, also=f.also + also, fix=fix)


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
    # What the config keeps out of the audit: (rule id, exclude globs, files they held out)
    exclusions: tuple[tuple[str, tuple[str, ...], int], ...] = ()
    files_cached: int = 0  # of the files scanned, those the findings cache answered
    # a rule's answer depended on this machine (no cmake): the whole report is not remembered either
    unkeyed: bool = False

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
            "exclusions": [
                {"rule": rid, "exclude": list(globs), "files": count} for rid, globs, count in self.exclusions
            ],
            "files_cached": self.files_cached,
            "seconds": round(self.seconds, 3),
        }


@dataclass(frozen=True)
class MergeSides:
    """A three-way merge by sha; the merged result is the tree being audited (a worktree of ``repo``)."""

    repo: Path
    base: str
    ours: str
    theirs: str


# settings: device's lists of names (DeviceGates' fields of that name)
DEVICE_LISTS = (
    "at_least",
    "equals",
    "family",
    "getters",
    "native_arch",
    "native_version",
    "capability_types",
    "capability_numbers",
)


@dataclass(frozen=True)
class DeviceGates:
    """The device a fork serves, and how upstream's code asks about it (``settings: device``): the
    merge audit evaluates every capability check upstream changed for this device, before and after.

    ``capability`` is (major, minor).  Each list names the calls that compare the device's capability
    with their argument (an int such as 120, or a tuple such as (12, 0)): ``at_least`` as ``>=``,
    ``equals`` as ``==``, ``family`` on the major version alone (120 for every 12.x); ``getters`` return
    the capability itself, (major, minor), as a tuple with ``major``/``minor`` and ``to_int()``.
    ``native_arch`` and ``native_version`` name what C++/CUDA sources compare the capability through:
    a macro or name holding major * 100 + minor * 10 (900 for 9.0), or major * 10 + minor (90), or
    a call of no arguments returning it.  ``capability_types`` name the types a capability is passed as."""

    capability: tuple[int, int]
    at_least: tuple[str, ...] = ()
    equals: tuple[str, ...] = ()
    family: tuple[str, ...] = ()
    getters: tuple[str, ...] = ()
    severity: Severity = Severity.ERROR  # of a check the device passed and now fails
    native_arch: tuple[str, ...] = ()
    native_version: tuple[str, ...] = ()
    # types whose values are a capability (``DeviceCapability``): a parameter annotated with one holds
    # the device's (``supports_compute_capability(cls, capability: DeviceCapability)`` is asked with
    # it), and a call of one with two numbers is that (major, minor)
    capability_types: tuple[str, ...] = ()
    # parameters that hold the capability as a number, major * 10 + minor (90 for 9.0):
    # ``cutlass_group_gemm_supported(cuda_device_capability: int)`` is asked with ``to_int()``
    capability_numbers: tuple[str, ...] = ()

    @property
    def label(self) -> str:
        return f"{self.capability[0]}.{self.capability[1]}"

    @property
    def names(self) -> tuple[str, ...]:
        return (*self.at_least, *self.equals, *self.family, *self.getters)

    @property
    def words(self) -> tuple[str, ...]:
        """What a text that asks about the device names: the calls, the capability types and numbers."""
        return (*self.names, *self.capability_types, *self.capability_numbers)

    @classmethod
    def of(cls, data: dict[str, Any]) -> DeviceGates:
        """The value ``dataclasses.asdict`` made of one (the merge's sidecar process is sent its settings so)."""
        major, minor = data["capability"]
        lists = {key: tuple(data.get(key, ())) for key in DEVICE_LISTS}
        return cls((int(major), int(minor)), severity=Severity(data.get("severity", "error")), **lists)


# The checks that always block, whatever ``settings: severity`` says: the carries' markers and the tree
# rules the engine adds.  ``'*': warning`` (or ``carry-marker/*``) in a rule file turned a carry lost in
# a merge into a warning, and the gate passed it.
ALWAYS_BLOCKING = ("carry-marker/", "baseline/")


@dataclass(frozen=True)
class Settings:
    """Engine settings that the rule files may tune (``settings:`` in any audits/*.yaml)."""

    near_miss_lines: int = 3
    # A file over max_file_bytes is not read (a warning says so); a Python file over max_parse_bytes
    # is not compiled or parsed: CPython's parser takes ~250 bytes of memory per source byte.
    max_file_bytes: int = 8 * 1024 * 1024
    max_parse_bytes: int = 1024 * 1024
    # How an upstream commit subject names its pull request: fleet.yaml's upstream.pr_subject when the
    # config has a fleet profile (load_rules), else GitHub's squash-merge "title (#123)".
    pr_subject_pattern: str = GITHUB_PR_SUBJECT
    device: DeviceGates | None = None  # no device: capability checks are not evaluated
    # (rule id or glob, level): the level a rule's findings are reported at, whatever the rule or the
    # engine's check gave them; the exact id wins over a glob, a longer glob over a shorter one.
    severity: tuple[tuple[str, Severity], ...] = ()

    @classmethod
    def of(cls, data: dict[str, Any]) -> Settings:
        """The value ``dataclasses.asdict`` made of one."""
        device = data.get("device")
        levels = tuple((str(pattern), Severity(level)) for pattern, level in data.get("severity", ()))
        return cls(**{**data, "device": DeviceGates.of(device) if device is not None else None, "severity": levels})

    def level_of(self, rule_id: str, given: Severity) -> Severity:
        """The level ``settings: severity`` puts a finding of ``rule_id`` at (``given`` when it names none).
        An error of the carries' markers or the engine's tree rules stays an error (``ALWAYS_BLOCKING``)."""
        if not self.severity or (given is Severity.ERROR and rule_id.startswith(ALWAYS_BLOCKING)):
            return given
        matching = [(p == rule_id, len(p), level) for p, level in self.severity if fnmatch.fnmatchcase(rule_id, p)]
        return max(matching, key=lambda m: m[:2])[2] if matching else given

    def relevel(self, findings: list[Finding]) -> list[Finding]:
        """``findings`` at the levels ``settings: severity`` sets for their rules."""
        if not self.severity:
            return findings
        return [replace(f, severity=self.level_of(f.rule_id, f.severity)) for f in findings]


@dataclass(frozen=True)
class RuleSet:
    rules: tuple[Rule, ...] = ()
    settings: Settings = field(default_factory=Settings)
    notes: tuple[str, ...] = ()  # warnings about the config itself (no rules of its own, ...)


PYTHON = f"{sys.version_info.major}.{sys.version_info.minor}"  # the grammar py-compile judges with


def grammar_note(findings: Iterable[Finding]) -> str | None:
    """What to do about py-compile's SyntaxErrors among ``findings``: they are judged by the Python
    aeon-release runs under, and a stranger's first audit of a clean fork under Debian 12's 3.11 failed on
    a 3.12 f-string its CI compiles, while the finding alone did not say that the fix is another Python,
    not another line.  Here, not in the kind's module: a cached audit answers without importing the kinds."""
    failed = [f for f in findings if f.kind == "py-compile" and f.blocking and "SyntaxError (Python " in f.message]
    if not failed:
        return None
    rules = ", ".join(sorted({f.rule_id for f in failed}))
    # the very line to paste under the rule (a stranger's first audit of a real fork after init had to find the YAML's form)
    paths = sorted({f.path for f in failed})
    listed = ", ".join(json.dumps(p, ensure_ascii=False) for p in paths[:3]) + (", ..." if len(paths) > 3 else "")
    return (
        f"{len(failed)} file(s) do not compile under Python {PYTHON}, the one aeon-release runs under ({rules}): "
        "if the fork's CI compiles them with a newer Python, run aeon-release under that Python, or list "
        f"such paths under the rule's `exclude` in its audits/*.yaml: exclude: [{listed}] (a glob such as "
        "'scripts/**' too)"
    )
