"""Three-way merges for the drift tests: base, the fork (ours) and upstream (theirs), merged by git."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from aeon_release.domain.audits import AuditReport, MergeSides
from aeon_release.domain.audits.model import Finding
from tests.audits.conftest import GitRepo, rows_side_by_side
from tests.audits.conftest import config_without_rules as no_rules


def three_way(repo: GitRepo, base: Mapping[str, str], ours: Mapping[str, str], theirs: Mapping[str, str]) -> MergeSides:
    base_sha, theirs_sha, ours_sha = repo.three_way(base, [("upstream change", theirs)], ours, "fork change")
    # the fixture must merge cleanly: GitRepo's merge fails the test on any conflict (git merge exits 1)
    return MergeSides(repo.root, base_sha, ours_sha, theirs_sha)


def audit(repo: GitRepo, sides: MergeSides, tmp: Path) -> AuditReport:
    return repo.audit(no_rules(tmp / "cfg"), merge=sides)


def side_by_side(
    repo: GitRepo,
    tmp: Path,
    base: Mapping[str, str],
    forks: Mapping[str, str],
    theirs: Mapping[str, str],
    rule: str | None,
) -> dict[str, list[Finding]]:
    """``rule``'s findings on each module of ``forks`` from one ``three_way`` and one ``audit`` of them all side by
    side a process (``conftest.rows_side_by_side``): rows that each put one fork module beside the same base and
    upstream share them."""

    def audited() -> list[Finding]:
        return list(audit(repo, three_way(repo, base, forks, theirs), tmp).findings)

    return rows_side_by_side((base, forks, theirs), forks, rule, audited)


def row_side_by_side(
    repo: GitRepo,
    tmp: Path,
    base: Mapping[str, str],
    bodies: Sequence[str],
    body: str,
    theirs: Mapping[str, str],
    rule: str | None,
    folder: str,
) -> tuple[str, list[Finding]]:
    """(``body``'s module, its findings of ``rule``): each of ``bodies`` a module ``folder/aeon_row_N.py`` beside the
    others', one ``side_by_side`` merge and audit a process (suitespeed12).  For error rows only: a quiet row could
    be quieted by another's module."""
    forks = {f"{folder}/aeon_row_{number}.py": text for number, text in enumerate(bodies)}
    path = f"{folder}/aeon_row_{list(bodies).index(body)}.py"
    return path, side_by_side(repo, tmp, base, forks, theirs, rule)[path]


def found(report: AuditReport, rule: str) -> list[tuple[str, int, str]]:
    return [(f.path, f.line, f.severity.value) for f in report.findings if f.rule_id == rule]


def line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)
