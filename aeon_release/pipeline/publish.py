"""`aeon-release publish`: a dated tag pinned by digest, then a guarded `:latest`.

Plan, then act.  The plan checks every precondition without changing anything: the names are
valid, releases.yaml reads, the image exists and this fleet's build recorded it (by image id, in
``--repo``'s build store) with a passed or waived audit (``--skip-audit REASON`` is the one way
around, and is signed into the attestation), the signing key loads, the credentials work, the dated tag is absent or already holds this very image (dated tags are immutable), and
`:latest` would not move back to an older version.  Acting pushes the dated tag and reads its
digest back; only then does `:latest` get the same manifest bytes (so the same digest), read back
again; the signed in-toto attestation of that digest is pushed as ``sha256-<hex>.att``; last, the
release is appended to releases.yaml.  A run that stops between the dated push
and the `:latest` move leaves `:latest` untouched, and rerunning the same command finishes it.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from aeon_release.adapters import artifacts
from aeon_release.adapters import docker as images
from aeon_release.adapters.console import a_tty, emit_json, plain, push_progress, say, show
from aeon_release.adapters.git import Git
from aeon_release.adapters.registry import (
    Credentials,
    Manifest,
    Registry,
    Repository,
    parse_repository,
    resolve_credentials,
)
from aeon_release.domain import attestation as attestation_mod
from aeon_release.domain import names as grammar
from aeon_release.domain import release_record
from aeon_release.domain.attestation import Provenance
from aeon_release.domain.release_record import Action, Release
from aeon_release.errors import (
    NeedsHuman,
    ServiceError,
    StateError,
    UsageError,
    printable,
    quoted,
    register_secret,
    stop_leaves,
    uninterrupted,
)
from aeon_release.pipeline import audit_gate, keys

LATEST = "latest"
PASSWORD_ENV = "AEON_REGISTRY_PASSWORD"

# A hook the step sequence calls after each stage ("dated-pushed", "latest-moved"); tests use it
# to stop the registry for real between the dated push and the `:latest` move.
StepHook = Callable[[str], None]


@dataclass(frozen=True)
class PublishRequest:
    image: str
    repository: str
    version: str
    variant: str | None = None
    date: str | None = None
    latest: bool = True
    config_dir: Path = Path(".")
    skip_audit: str | None = None
    allow_downgrade: bool = False
    username: str | None = None
    password: str | None = field(default=None, repr=False)
    repo: Path = Path(".")  # the fork checkout whose builds are recorded (the build store)
    signing_key: Path | None = None
    date_checked: bool = False  # a release run's own date, checked against the run when it started


@dataclass(frozen=True)
class Names:
    repository: Repository
    version: str
    variant: str | None
    date: str

    @property
    def dated_tag(self) -> str:
        return grammar.dated_tag(self.date, self.version, self.variant)


@dataclass(frozen=True)
class PublishPlan:
    request: PublishRequest
    names: Names
    image: images.LocalImage
    attestation: audit_gate.Attestation
    credentials: Credentials | None = field(repr=False)
    records: tuple[Release, ...]
    existing: str | None  # the digest the dated tag already holds (this very image), or None
    latest_before: str | None
    provenance: Provenance | None = None
    signer: Any = field(default=None, repr=False)

    def actions(self) -> list[str]:
        """What acting on this plan will do, in order (the pipeline's dry run prints it)."""
        target = f"{self.names.repository}:{self.names.dated_tag}"
        steps = [
            f"{target} already holds {self.image.ref} at {self.existing}: no push"
            if self.existing
            else f"push {self.image.ref} ({self.image.id[:19]}) as {target}, read its digest back"
        ]
        steps.append(
            f"sign the attestation (audit {self.attestation.status.value}) for that digest and push it as "
            f"{self.names.repository}:sha256-<digest>.att, unless it is there already"
        )
        if not self.request.latest:
            steps.append(f"leave :{LATEST} at {self.latest_before or 'nothing'} (--no-latest)")
        elif self.existing is None or self.latest_before != self.existing:
            steps.append(
                f"point :{LATEST} (now {self.latest_before or 'absent'}) at the dated tag's digest, "
                "same manifest bytes, read it back"
            )
        moves = self.request.latest and self.latest_before != self.existing
        if self.existing is None or moves or not self.recorded:
            steps.append(f"append the release to {self.request.config_dir / release_record.RELEASES_FILE}")
        return steps

    @property
    def recorded(self) -> bool:
        """releases.yaml already records this dated tag at the digest it holds."""
        return any(
            r.action is Action.PUBLISH and r.dated_tag == self.names.dated_tag and r.digest == self.existing
            for r in release_record.for_repository(self.records, str(self.names.repository))
        )


@dataclass(frozen=True)
class PublishResult:
    repository: str
    version: str
    variant: str | None
    dated_tag: str
    digest: str
    latest_before: str | None
    latest_after: str | None
    rollback_tag: str | None
    pushed: bool
    latest_moved: bool
    recorded: bool
    attestation: str = ""
    attested: bool = False  # the attestation was pushed by this run
    verify_flags: str = ""  # what `verify` run here needs to find the key (keys.verify_flags)

    @property
    def pull(self) -> str:
        return f"{self.repository}@{self.digest}"

    @property
    def verify(self) -> str:
        return f"aeon-release verify {self.repository}:{self.dated_tag}{self.verify_flags}"

    @property
    def noop(self) -> bool:
        return not (self.pushed or self.latest_moved or self.recorded or self.attested)

    def as_dict(self) -> dict[str, Any]:
        return {
            "ok": True,
            "reason": None,
            "repository": self.repository,
            "version": self.version,
            "variant": self.variant,
            "dated_tag": self.dated_tag,
            "digest": self.digest,
            "latest_before": self.latest_before,
            "latest_after": self.latest_after,
            "pull": self.pull,
            "rollback_tag": self.rollback_tag,
            "pushed": self.pushed,
            "latest_moved": self.latest_moved,
            "noop": self.noop,
            "attestation": self.attestation,
            "verify": self.verify,
        }


# -- names -----------------------------------------------------------------------------------
def validate_names(request: PublishRequest, today: dt.date | None = None) -> Names:
    """Every name that will reach the engine or the registry, checked before any of them is used."""
    grammar.check_image(request.image)
    repository = parse_repository(grammar.check_repository(request.repository))
    grammar.check_version(request.version)
    grammar.check_variant(request.variant)
    # An empty --date is a mistake, not "today": only an absent one defaults.
    today = today or dt.datetime.now(dt.timezone.utc).date()
    date = grammar.check_release_date(request.date if request.date is not None else today.isoformat(), today)
    if request.skip_audit is not None and not request.skip_audit.strip():
        raise UsageError("--skip-audit needs a reason", "e.g. --skip-audit 'image built by the vendor CI'")
    return Names(repository, request.version, request.variant, date)


# -- plan ------------------------------------------------------------------------------------
def plan(request: PublishRequest) -> PublishPlan:
    """Check every precondition; change nothing."""
    names = validate_names(request)
    records = release_record.load(request.config_dir)
    image = images.local_image(request.image)
    provenance = attestation_mod.lookup(Git(request.repo).common_dir, image.id)
    attestation = _attestation(image, provenance, request.skip_audit, request.repo)
    _built_as(image, provenance, names)
    _dated_after_source(request, image, provenance, names)
    from aeon_release.adapters import signing  # securesystemslib is slow to import: only publish needs it

    signer = signing.load_signer(keys.signing_key(request.signing_key, request.config_dir))
    credentials = resolve_credentials(names.repository.host, request.username, request.password)
    registry = Registry(names.repository, credentials)
    existing = _existing_dated(registry, names, image)
    latest_before = registry.digest(LATEST)
    rolled_back = _rolled_back_since(release_record.for_repository(records, str(names.repository)), names.dated_tag)
    if existing is not None and request.latest and rolled_back is not None:
        # Republishing a release that was rolled back must not quietly undo the rollback.
        say(
            f"note: :{LATEST} was rolled back from {names.dated_tag} to {rolled_back.dated_tag}; leaving it "
            f"there (promote it again with `aeon-release rollback --to {names.dated_tag}`)"
        )
        request = dataclasses.replace(request, latest=False)
    if request.latest and latest_before not in (None, existing) and not request.allow_downgrade:
        _guard_latest(registry, names, release_record.for_repository(records, str(names.repository)), latest_before)
    # The entry must be appendable before anything is pushed: finding out after the push and the
    # :latest move leaves the release unrecorded.
    release_record.appended_text(
        request.config_dir, _entry(names, attestation, existing or image.id, latest_before, latest_before)
    )
    return PublishPlan(
        request, names, image, attestation, credentials, records, existing, latest_before, provenance, signer
    )


def _entry(
    names: Names,
    attestation: audit_gate.Attestation,
    digest: str,
    latest_before: str | None,
    latest_after: str | None,
    attestation_ref: str | None = None,
) -> Release:
    audit = attestation.as_dict() | ({"attestation": attestation_ref} if attestation_ref else {})
    return Release(
        Action.PUBLISH,
        str(names.repository),
        names.version,
        names.variant,
        names.dated_tag,
        digest,
        names.date,
        release_record.now_utc(),
        latest_before,
        latest_after,
        audit,
    )


def _dated_after_source(
    request: PublishRequest, image: images.LocalImage, provenance: Provenance | None, names: Names
) -> None:
    """A ``--date`` no earlier than what the image was built from: the fork commit its sealed build record
    names, else that record's ``built_at``, else the image's creation as the engine says it.  ``--date
    1970-01-01`` went out as the oldest release of the repository, an image of today's tree.  A release run
    checks its date when it starts (it keeps that date while a merge waits on a person, and builds later)."""
    if request.date is None or request.date_checked:
        return
    earliest, since = _earliest(request.repo, image, provenance)
    if earliest is not None:
        today = dt.datetime.now(dt.timezone.utc).date()
        grammar.check_release_date(names.date, max(today, earliest), earliest, since)


def _earliest(repo: Path, image: images.LocalImage, provenance: Provenance | None) -> tuple[dt.date | None, str]:
    """The first day the image could be released, and what says so."""
    if provenance is None:
        return _day_of(image.created), f"the image's creation ({image.ref[:60]})"
    committed = Git(repo).committed_on(provenance.revision)
    if committed is not None:
        return committed, f"the commit it was built from ({provenance.revision[:12]})"
    return _day_of(provenance.built_at), "the image's build"


def _day_of(stamp: str) -> dt.date | None:
    """The day of a record's ISO time stamp (None when it is not one: an old record's, never trusted)."""
    # the engine writes nanoseconds (``2026-12-04T13:50:01.123456789Z``), which fromisoformat does not read
    day = stamp[:10]
    try:
        return dt.date.fromisoformat(day) if len(stamp) == 10 or stamp[10:11] == "T" else None
    except ValueError:
        return None


def _built_as(image: images.LocalImage, provenance: Provenance | None, names: Names) -> None:
    """An image aeon-release built (its sealed provenance) is published as the version it was built as: build
    labels the image with it and checks the label, so for that image id the label is the build's word (labels
    are not trusted otherwise: an image made by hand from a release's inherits its labels).  One built as v0.29.0
    went out as the dated tag ``DATE-v0.27.1`` with `--version v0.27.1 --no-latest`, a signed passed audit
    attached, and a dated tag is for good."""
    built = image.labels.get(audit_gate.LABEL_VERSION) if provenance is not None else None
    if built and built != names.version:
        raise UsageError(
            f"image {image.ref} was built as {quoted(built)} (its {audit_gate.LABEL_VERSION} label), not {names.version}",
            f"publish it with --version {printable(built)[:40]}, or build {names.version}'s own image first",
        )
    # the variant is the build record's own word (sealed with it): a plain image went out as DATE-vX-omni
    if provenance is not None and not provenance.variant_kept:
        _built_before_variants(image, names)
    elif provenance is not None and provenance.variant != names.variant:
        built_as = f"as the variant {quoted(provenance.variant)}" if provenance.variant else "without a variant"
        asked = f"as the variant {quoted(names.variant)}" if names.variant else "without one"
        hint = (
            f"publish it with --variant {printable(provenance.variant)[:40]}"
            if provenance.variant
            else "publish it without --variant"
        )
        raise UsageError(
            f"image {image.ref} was built {built_as} (its build record), not {asked}",
            f"{hint}, or build that variant's own image (`aeon-release build --variant V`) first",
        )


def _built_before_variants(image: images.LocalImage, names: Names) -> None:
    """A build record written before aeon-release kept the variant: it cannot vouch for one.  `--variant V` is
    refused (it was refused as "built without a variant", which the record never said); without one the image is
    published as the record reads, and the note says on what word."""
    if names.variant is not None:
        raise UsageError(
            f"image {image.ref}'s build record was written by an aeon-release that kept no variant: it cannot say the "
            f"image was built as the variant {quoted(names.variant)}",
            f"build it again (`aeon-release build --variant {names.variant}`): the new record keeps the variant",
        )
    say(
        f"note: image {plain(image.ref)}'s build record predates variants (an older aeon-release's): published as "
        "built without one; if it was a variant's build, build it again with --variant"
    )


def _rolled_back_since(records: list[Release], dated_tag: str) -> Release | None:
    """The last rollback recorded after this dated tag's publish, if any."""
    rolled: Release | None = None
    published = False
    for record in records:
        if record.action is Action.PUBLISH and record.dated_tag == dated_tag:
            published, rolled = True, None
        elif published and record.action is Action.ROLLBACK:
            rolled = record if record.dated_tag != dated_tag else None
    return rolled


def _attestation(
    image: images.LocalImage, provenance: Provenance | None, skip_reason: str | None, repo: Path
) -> audit_gate.Attestation:
    """The audit result this fleet's build recorded for this very image id.  Labels are never
    trusted: anyone can copy them onto an image built by hand."""
    if skip_reason:
        revision = provenance.revision if provenance else image.labels.get("org.opencontainers.image.revision", "")
        return audit_gate.Attestation(audit_gate.AuditStatus.SKIPPED, f"skipped at publish: {skip_reason}", revision)
    if provenance is None:
        raise StateError(
            f"image {image.ref} ({image.id[:19]}) was not built by aeon-release in {repo}: no build record "
            "for that image id (labels are not trusted)",
            "build it with `aeon-release build --repo REPO` and publish with the same --repo, "
            "or pass --skip-audit REASON (recorded in the signed attestation)",
        )
    audit = provenance.audit
    status = audit.get("status", "")
    if status not in (audit_gate.AuditStatus.PASSED.value, audit_gate.AuditStatus.WAIVED.value):
        raise StateError(
            f"image {image.ref} was built without passing its audits ({audit.get('detail', status)})",
            "pass --skip-audit REASON to publish it anyway; the reason is recorded and signed",
        )
    return audit_gate.Attestation(
        audit_gate.AuditStatus(status),
        audit.get("detail", ""),
        audit.get("revision", provenance.revision),
        audit.get("report_sha256"),
    )


def _existing_dated(registry: Registry, names: Names, image: images.LocalImage) -> str | None:
    """The dated tag's digest when it already holds this image; refuse when it holds another."""
    manifest = registry.manifest(names.dated_tag)
    if manifest is None:
        return None
    if _same_image(manifest, image, names.repository):
        return manifest.digest
    raise StateError(
        f"dated tag {names.repository}:{names.dated_tag} already holds {manifest.digest}, "
        f"a different image than {image.ref} ({image.id[:19]})",
        "dated tags are immutable: publish this image under another --date, --version or --variant",
    )


def _same_image(manifest: Manifest, image: images.LocalImage, repository: Repository) -> bool:
    # A single-image manifest names its config blob, whose digest is the local image id; a
    # multi-platform index does not, so fall back to the digests the engine knows the image by.
    return manifest.config_digest() == image.id or repository.pinned(manifest.digest) in image.repo_digests


def _guard_latest(registry: Registry, names: Names, records: list[Release], latest: str) -> None:
    """`:latest` never moves to an older version than the one it holds."""
    held = _version_held(registry, records, latest)
    if held is None:
        raise StateError(
            f"{names.repository}:{LATEST} holds {latest}, which no dated release records",
            "check it with `aeon-release releases`; pass --allow-downgrade to move it anyway, or --no-latest",
        )
    if grammar.version_key(held) > grammar.version_key(names.version):
        raise StateError(
            f"{names.repository}:{LATEST} holds {held}, newer than {names.version}",
            "pass --allow-downgrade to move it back anyway, --no-latest to publish the dated tag only, "
            "or use `aeon-release rollback`",
        )


def _version_held(registry: Registry, records: list[Release], latest: str) -> str | None:
    holder = release_record.holder_of(records, latest)
    if holder is not None:
        return holder.version
    # not recorded here: a dated twin in the registry tells the version; newest first, and no more than
    # the newest UNRECORDED_READS (a request each: a registry listing a million held the publish)
    dated = sorted((tag for tag in registry.tags() if release_record.DATED_TAG.fullmatch(tag)), reverse=True)
    for tag in dated[: release_record.UNRECORDED_READS]:
        if registry.digest(tag) == latest:
            match = release_record.DATED_TAG.fullmatch(tag)
            return match[2] if match else None
    return None  # refused by the caller: --allow-downgrade or --no-latest


# -- act -------------------------------------------------------------------------------------
def execute(plan: PublishPlan, after_step: StepHook | None = None) -> PublishResult:
    """Act on the plan.  A publish stopped for a person (NeedsHuman) carries what it knew by then in
    ``known`` (what :latest held, the digest pushed, the attestation): the --json verdict reports them."""
    known: dict[str, Any] = {"latest_before": plan.latest_before, "latest_after": plan.latest_before}
    try:
        return _execute(plan, after_step, known)
    except NeedsHuman as stopped:
        stopped.known = known | stopped.known  # the raise site's own facts (a digest read back) win
        raise


def _execute(plan: PublishPlan, after_step: StepHook | None, known: dict[str, Any]) -> PublishResult:
    names, registry = plan.names, Registry(plan.names.repository, plan.credentials)
    hook = after_step or (lambda _stage: None)
    target, held = f"{names.repository}:{names.dated_tag}", _held(plan.latest_before)
    stop_leaves(f"{target} may be pushed in part, :{LATEST} was not moved ({held})", _AGAIN)
    digest = plan.existing or _push_dated(plan, registry)
    known.update(digest=digest, pushed=plan.existing is None)
    hook("dated-pushed")
    stop_leaves(f"{target} is pushed at {digest}, :{LATEST} was not moved ({held})", _AGAIN)
    try:
        attestation_ref, attested = _attest(plan, registry, digest)
    except ServiceError as error:
        raise ServiceError(
            f"{error.message}; {names.repository}:{names.dated_tag} is published at {digest} without its "
            f"attestation, :{LATEST} was not moved",
            "rerun the same command (with the same --date) to attest it and move :latest; nothing is pushed twice",
        ) from None
    known["attestation"] = attestation_ref
    moves = plan.request.latest and plan.latest_before != digest
    stop_leaves(
        f"{target} is published at {digest}, :{LATEST} "
        + ("moved to it" if moves else f"left ({held})")
        + f", and {release_record.RELEASES_FILE} records it: the publish is done"
    )
    # :latest moved and recorded together: a stop between the two (the move is one request, the record one
    # append) left releases.yaml not knowing what :latest held before, which a rollback goes back to
    with uninterrupted():
        latest_after = _move_latest(registry, names, digest, plan.latest_before) if moves else plan.latest_before
        if moves:
            hook("latest-moved")
        pushed, moved = plan.existing is None, latest_after != plan.latest_before
        recorded = _record(plan, digest, latest_after, force=pushed or moved, attestation_ref=attestation_ref)
    records = release_record.for_repository(release_record.load(plan.request.config_dir), str(names.repository))
    rollback = release_record.previous_release(records, latest_after)
    return PublishResult(
        str(names.repository),
        names.version,
        names.variant,
        names.dated_tag,
        digest,
        plan.latest_before,
        latest_after,
        rollback.dated_tag if rollback else None,
        pushed,
        moved,
        recorded,
        attestation_ref,
        attested,
        keys.verify_flags(plan.request.signing_key, plan.request.config_dir),
    )


# What to do after a publish stopped by Ctrl-C or a signal, at any point of it: the plan reads where the registry
# stands again, and each step is skipped when it is done (a dated tag holding this image is not pushed again).
_AGAIN = "run the same command again (the same --date) to finish it: nothing is pushed twice"


def _held(digest: str | None) -> str:
    return f"it holds {digest}" if digest else "it holds nothing"


def _attest(plan: PublishPlan, registry: Registry, digest: str) -> tuple[str, bool]:
    """Sign the statement for ``digest`` and push it beside the image (kept when already there)."""
    repository = plan.names.repository
    target = f"{repository}:{artifacts.attestation_tag(digest)}"
    if plan.existing is not None and artifacts.pull(repository, plan.credentials, digest) is not None:
        return target, False
    manifest = registry.manifest(digest)
    if manifest is None:
        raise StateError(f"{repository}@{digest} is not in the registry", "publish it again")
    audit = plan.attestation.as_dict()
    if plan.request.skip_audit:
        audit["skip_audit"] = plan.request.skip_audit
    from aeon_release.adapters import signing

    statement = attestation_mod.statement(str(repository), digest, plan.provenance, audit, release_record.now_utc())
    envelope = signing.sign(statement, plan.signer)
    subject = artifacts.Descriptor(manifest.media_type, digest, len(manifest.body))
    annotations = {
        "org.opencontainers.image.created": release_record.now_utc(),
        "dev.sigstore.cosign/predicateType": attestation_mod.PREDICATE_TYPE,
    }
    artifacts.push(repository, plan.credentials, subject, envelope, annotations)
    say(f"attested {target} (signed by key {signing.keyid(plan.signer)[:16]}, audit {audit['status']})")
    return target, True


def _push_dated(plan: PublishPlan, registry: Registry) -> str:
    target = f"{plan.names.repository}:{plan.names.dated_tag}"
    say(f"pushing {plan.image.ref} as {target}")
    with push_progress() as on_event:
        pushed = images.push(
            plan.image.id, str(plan.names.repository), plan.names.dated_tag, plan.credentials, on_event
        )
    read_back = registry.digest(plan.names.dated_tag)
    if read_back != pushed:
        raise NeedsHuman(
            f"{target}: the push reported {pushed} but the registry serves {read_back}",
            ":latest was not moved; find out who else writes to this tag",
            known={"digest": pushed, "pushed": True},
        )
    return pushed


def move_latest(registry: Registry, digest: str, expected: str | None) -> str:
    """Put the manifest ``digest`` (unchanged bytes) under `:latest` and read it back.

    `:latest` is read right before the move: when it no longer holds ``expected`` (what the plan
    saw), someone else moved it in the meantime, and overwriting their move would be silent: alarm.
    """
    manifest = registry.manifest(digest)
    if manifest is None:
        raise StateError(f"{registry.repository}@{digest} is not in the registry", "publish it again")
    current = registry.digest(LATEST)
    if current != expected:
        raise NeedsHuman(
            f"{registry.repository}:{LATEST} moved from {expected or 'nothing'} to {current or 'nothing'} "
            "while this run was working; it was not moved again",
            "someone else is publishing to this repository: check with `aeon-release releases`, then rerun",
            known={"latest_after": current},
        )
    registry.put_manifest(LATEST, manifest)
    read_back = registry.digest(LATEST)
    if read_back != digest:
        raise NeedsHuman(
            f"{registry.repository}:{LATEST} reads back as {read_back}, not {digest}",
            "someone else moved it at the same time; check with `aeon-release releases`",
            known={"latest_after": read_back},
        )
    return digest


def _move_latest(registry: Registry, names: Names, digest: str, expected: str | None) -> str:
    try:
        return move_latest(registry, digest, expected)
    except ServiceError as error:
        raise ServiceError(
            f"{error.message}; {names.repository}:{names.dated_tag} is published at {digest}, "
            f":{LATEST} was not confirmed",
            "rerun the same command (with the same --date) to move :latest; the dated tag will not be pushed twice",
        ) from None


def _record(plan: PublishPlan, digest: str, latest_after: str | None, force: bool, attestation_ref: str) -> bool:
    names = plan.names
    if plan.recorded and not force:
        return False
    release_record.append(
        plan.request.config_dir,
        _entry(names, plan.attestation, digest, plan.latest_before, latest_after, attestation_ref),
    )
    return True


# -- the pipeline's and the CLI's entry points -----------------------------------------------
def publish(request: PublishRequest, after_step: StepHook | None = None) -> PublishResult:
    """Publish ``request.image``: the pipeline's publish step (one publish per repository at a time)."""
    validate_names(request)  # bad names are refused before the lock file is made beside releases.yaml
    with release_record.repository_lock(request.config_dir, request.repository):
        return execute(plan(request), after_step)


def password_from(stdin: bool) -> str | None:
    """The registry password: from standard input with --password-stdin, else the environment."""
    if stdin and a_tty(sys.stdin):
        # A terminal is no pipe: the read waited for good (`docker run -t`, a CI step given a pseudo-terminal
        # and no input), and a password typed there is shown as it is typed.
        raise UsageError(
            "--password-stdin: standard input is a terminal, not a pipe holding the password",
            f"pipe it in (printf '%s' \"$TOKEN\" | aeon-release ... --password-stdin), or set {PASSWORD_ENV}",
        )
    password = _stdin_password() if stdin else os.environ.get(PASSWORD_ENV) or None
    register_secret(password)
    if stdin and not password:
        raise UsageError("--password-stdin read an empty password", "pipe the password into the command")
    if stdin and password and _user_then_token(password):
        # `printf '%s\n%s' "$USER" "$TOKEN" | ...` sends the user name and the token as one password, which the
        # registry rejects as bad credentials; a password of several lines is otherwise taken whole, as docker
        # takes it (`cat key.json | docker login -u _json_key --password-stdin`: a JSON key over many lines).
        raise UsageError(
            "--password-stdin read two one-word lines (a user name then a token?): the whole of standard input "
            "is the password",
            "pipe the password alone (printf '%s' \"$TOKEN\" | aeon-release ... --password-stdin)",
        )
    if password is not None and (len(password) > _MAX_PASSWORD or not _encodable(password)):
        source = "--password-stdin" if stdin else PASSWORD_ENV
        raise UsageError(
            f"{source}: the password is not UTF-8 text of at most {_MAX_PASSWORD} characters",
            "pass the registry password or token itself",
        )
    return password


_MAX_PASSWORD = 4096  # registry tokens are a few hundred characters; a JWT a few thousand


def _stdin_password() -> str:
    """Standard input to its end, bar one ``\\n`` then one ``\\r`` ending it, as `docker login --password-stdin`
    strips them; no more than a password's bound and a bit, so that an endless input (`yes | aeon-release ...`)
    cannot fill the memory."""
    text = sys.stdin.read(_MAX_PASSWORD + 64)
    for line in text.splitlines()[:16]:
        register_secret(line)  # a second line may be the token itself
    return text.removesuffix("\n").removesuffix("\r")


_USER_NAME = 256  # a registry user name is short; a token after it may be a few KB (a JWT)


def _user_then_token(password: str) -> bool:
    """Exactly two lines, each one word, the first as short as a user name, and not JSON: a user name piped in before
    the token.  Any other text of several lines (a JSON key, a PEM block) is a password docker takes."""
    lines = password.splitlines()
    if len(lines) != 2 or len(lines[0]) > _USER_NAME or not all(_one_word(line) for line in lines):
        return False
    try:
        json.loads(password)
    except ValueError:
        return True
    return False


def _one_word(line: str) -> bool:
    return bool(line) and not any(c.isspace() for c in line)


def _encodable(text: str) -> bool:
    """Bytes that were not UTF-8 arrive as lone surrogates; HTTP Basic auth cannot send them."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def failed_dict(request: PublishRequest, reason: str, known: dict[str, Any] | None = None) -> dict[str, Any]:
    """The --json object of a publish that stopped for a person (exit 1): the exit-0 object's fields, those the
    request names and those the run knew before it stopped (``known``: the digest it pushed, what :latest held
    and holds) filled in, the others null, ``ok`` false and the ``reason``."""
    names = validate_names(request)  # the request passed it already: a publish stops only after
    dated = names.dated_tag
    known = known or {}
    digest = known.get("digest")
    data: dict[str, Any] = {
        "ok": False,
        "reason": reason,
        "repository": str(names.repository),
        "version": names.version,
        "variant": names.variant,
        "dated_tag": dated,
        "digest": None,
        "latest_before": None,
        "latest_after": None,
        "pull": None,
        "rollback_tag": None,
        "pushed": None,
        "latest_moved": False,
        "noop": False,
        "attestation": "",
        "verify": f"aeon-release verify {names.repository}:{dated}"
        + keys.verify_flags(request.signing_key, request.config_dir),
    }
    for key in ("digest", "latest_before", "latest_after", "pushed", "attestation"):
        if key in known:
            data[key] = known[key]
    if digest is not None:
        data["pull"] = f"{names.repository}@{digest}"
    return data


def dry_run(request: PublishRequest, json_out: bool) -> None:
    """`publish --dry-run`: every precondition checked as the real run checks them (the image and its build
    record, the signing key, the credentials, the registry's dated tag and :latest, read only), and what the
    publish would do; nothing pushed, releases.yaml untouched."""
    steps = plan(request).actions()
    if json_out:
        emit_json({"dry_run": True, "version": request.version, "actions": steps})
    for line in steps:
        show(plain(line), json_out)
    say("dry run: nothing was pushed; the same command without --dry-run publishes")


def run(request: PublishRequest, json_out: bool, after_step: StepHook | None = None) -> None:
    try:
        result = publish(request, after_step)
    except NeedsHuman as failed:
        # a verdict (exit 1: a read-back that disagrees, :latest moved by someone else) is a report like a pass,
        # as audit's and merge's are: `publish --json | jq .ok` read an empty stdout.  Exit 2 stays off stdout.
        if json_out:
            emit_json(failed_dict(request, failed.message, failed.known))
        raise
    if json_out:
        emit_json(result.as_dict())
    if result.noop:
        show(f"[green]nothing to do[/]: {result.repository}:{result.dated_tag} already at {result.digest}", json_out)
        return
    latest = "moved to it" if result.latest_moved else f"left at {result.latest_after or 'nothing'}"
    show(f"[green]published[/] {result.repository}:{result.dated_tag} at {result.digest}; :latest {latest}", json_out)
    show(f"pull: docker pull {result.pull}", json_out)
    show(f"verify: {plain(result.verify)}", json_out)  # a [ in a folder name is text, not markup
