"""The audit gate that `build` and `publish` pass through.

A revision may be built only when its audits passed: either the merge run that produced it
recorded a clean audit, or the audits are run now on that exact revision.  `--skip-audit REASON`
is the escape hatch for an image built outside the pipeline; the reason is recorded.  The outcome
is recorded by `build` against the image id (``domain.attestation``) and signed by `publish` into
an attestation bound to the pushed digest; the OCI labels repeat it for people, not for the gate.
"""

from __future__ import annotations

import enum
import hashlib
from dataclasses import dataclass
from pathlib import Path

from aeon_release.adapters.blobs import no_commit
from aeon_release.adapters.git import Git
from aeon_release.adapters.store import RunStore
from aeon_release.errors import NeedsHuman, shell_word

LABEL_STATUS = "org.aeon-release.audit.status"
LABEL_DETAIL = "org.aeon-release.audit.detail"
LABEL_VERSION = "org.opencontainers.image.version"  # the release a build labels its image with


class AuditStatus(enum.Enum):
    PASSED = "passed"
    WAIVED = "waived"  # findings waived with a recorded reason during merge
    SKIPPED = "skipped"  # --skip-audit REASON


@dataclass(frozen=True)
class Attestation:
    status: AuditStatus
    detail: str
    revision: str
    report_sha256: str | None = None  # the audit report this result comes from

    def labels(self) -> dict[str, str]:
        """Informational only: publish trusts the build's record of the image id, never labels."""
        return {LABEL_STATUS: self.status.value, LABEL_DETAIL: self.detail[:200]}

    def as_dict(self) -> dict[str, str]:
        data = {"status": self.status.value, "detail": self.detail, "revision": self.revision}
        return data | ({"report_sha256": self.report_sha256} if self.report_sha256 else {})


def from_labels(labels: dict[str, str] | None) -> Attestation | None:
    """Read the gate's outcome back from an image's labels."""
    labels = labels or {}
    try:
        status = AuditStatus(labels.get(LABEL_STATUS, ""))
    except ValueError:
        return None
    return Attestation(status, labels.get(LABEL_DETAIL, ""), labels.get("org.opencontainers.image.revision", ""))


def audited_revision(repo: Path, rev: str, config_dir: Path, skip_reason: str | None = None) -> Attestation:
    """Return how ``rev`` passed its audits, or raise NeedsHuman with the findings."""
    git = Git(repo)
    sha = git.resolve(rev)
    if sha is None:
        raise no_commit(repo, rev, hint="pass --rev a branch, tag or commit")
    if skip_reason:
        return Attestation(AuditStatus.SKIPPED, f"skipped: {skip_reason}", sha)
    recorded = _from_merge_reports(git, sha)
    if recorded is not None:
        return recorded
    return _run_audits(git, sha, config_dir)


def _from_merge_reports(git: Git, sha: str) -> Attestation | None:
    """A finished merge run whose branch tip is ``sha`` and whose audit was clean or waived."""
    for report, digest in RunStore.merge_reports(git.common_dir):
        if report.get("state") != "done" or report.get("branch_sha") != sha:
            continue
        audit = report.get("audit") or {}
        if audit.get("errors", 1) == 0 and not audit.get("waived"):  # "errors" leaves out waived findings
            return Attestation(AuditStatus.PASSED, f"merge run {report.get('tag')}: clean", sha, digest)
        waivers = report.get("waivers") or []
        if waivers:
            reasons = "; ".join(f"{w['rule']}: {w['reason']}" for w in waivers)
            return Attestation(AuditStatus.WAIVED, f"merge run {report.get('tag')}: waived ({reasons})", sha, digest)
    return None


def _run_audits(git: Git, sha: str, config_dir: Path) -> Attestation:
    from aeon_release.domain.audits import GitTree, audit_tree
    from aeon_release.domain.ledger import load

    ledger = load(config_dir)
    tree = GitTree(git.path, sha)  # the revision's blobs: no checkout, no symlink followed
    try:
        report = audit_tree(
            tree, config_dir, carries=ledger.active_carries, cache_dir=RunStore.cache_of(git.common_dir)
        )  # the merge audited most blobs
    finally:
        tree.close()
    errors = [f for f in report.findings if f.blocking]
    if errors:
        from aeon_release.domain.audits.model import grammar_note
        from aeon_release.domain.ledger import config_flag

        first, note = errors[0], grammar_note(errors)
        # the command as it runs: `audit --rev` alone is refused (--rev takes a value)
        config = config_flag(config_dir)
        raise NeedsHuman(
            f"revision {sha[:12]} fails {len(errors)} audit finding(s), first: "
            f"{first.path}:{first.line}: [{first.rule_id}] {first.message}",
            f"`aeon-release audit --repo {shell_word(git.path)} --rev {sha[:12]}{config}` lists them all; fix them, "
            "or pass --skip-audit REASON" + (f"; {note}" if note else ""),
        )
    from aeon_release.domain.audits.render import as_json

    digest = hashlib.sha256(as_json(report).encode()).hexdigest()
    return Attestation(
        AuditStatus.PASSED, f"audited at build time: {len(report.findings)} non-blocking finding(s)", sha, digest
    )
