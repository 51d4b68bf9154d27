"""`aeon-release releases` and `aeon-release rollback`.

`releases` lists the dated tags the registry holds with their digests, says which one `:latest`
is, and cross-checks them with releases.yaml: a dated tag whose digest changed (or that vanished)
is an alarm, exit 1.  `rollback` points `:latest` back at the previous dated release's recorded
digest (or the one named), after checking that the dated tag still holds that digest, reads it
back, and records the move.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from aeon_release.adapters.console import emit_json, say
from aeon_release.adapters.console import show as primary
from aeon_release.adapters.registry import Registry, Repository, parse_repository, resolve_credentials
from aeon_release.domain import names, release_record
from aeon_release.domain.release_record import DATED_TAG, UNRECORDED_READS, Action, Release
from aeon_release.errors import NeedsHuman, StateError, UsageError, stop_leaves, uninterrupted
from aeon_release.pipeline.publish import LATEST, move_latest


class TagStatus(enum.Enum):
    OK = "ok"  # the registry serves the recorded digest
    UNRECORDED = "unrecorded"  # in the registry, not in releases.yaml (published by another tool)
    CHANGED = "changed"  # alarm: a dated tag now points elsewhere
    MISSING = "missing"  # alarm: a recorded dated tag is gone from the registry

    @property
    def alarm(self) -> bool:
        return self in (TagStatus.CHANGED, TagStatus.MISSING)


@dataclass(frozen=True)
class TagRow:
    tag: str
    digest: str | None
    recorded_digest: str | None
    latest: bool

    @property
    def status(self) -> TagStatus:
        if self.recorded_digest is None:
            return TagStatus.UNRECORDED
        if self.digest is None:
            return TagStatus.MISSING
        return TagStatus.OK if self.digest == self.recorded_digest else TagStatus.CHANGED

    def as_dict(self) -> dict[str, Any]:
        return {
            "tag": self.tag,
            "digest": self.digest,
            "recorded_digest": self.recorded_digest,
            "latest": self.latest,
            "status": self.status.value,
        }


@dataclass(frozen=True)
class ReleasesReport:
    repository: str
    latest: str | None
    rows: tuple[TagRow, ...]
    unread: int = 0  # unrecorded dated tags past the newest UNRECORDED_READS, whose digests were not read

    @property
    def alarms(self) -> list[str]:
        found = [
            f"{self.repository}:{r.tag} is {r.status.value}: recorded {r.recorded_digest}, "
            f"registry {r.digest or 'absent'}"
            for r in self.rows
            if r.status.alarm
        ]
        if self.latest is not None and not any(r.latest for r in self.rows):
            among = f" among the tags read ({self.unread} older unrecorded one(s) were not)" if self.unread else ""
            found.append(f"{self.repository}:{LATEST} is {self.latest}, which has no dated twin{among}")
        return found

    def as_dict(self) -> dict[str, Any]:
        return {
            "repository": self.repository,
            "latest": self.latest,
            "tags": [r.as_dict() for r in self.rows],
            "alarms": self.alarms,
            "unread": self.unread,
        }


def _registry(repository: str, username: str | None, password: str | None) -> tuple[Repository, Registry]:
    repo = parse_repository(names.check_repository(repository))
    return repo, Registry(repo, resolve_credentials(repo.host, username, password))


# -- releases --------------------------------------------------------------------------------
def report(
    repository: str, config_dir: Path, username: str | None = None, password: str | None = None
) -> ReleasesReport:
    repo, registry = _registry(repository, username, password)
    records = release_record.for_repository(release_record.load(config_dir), str(repo))
    recorded = {r.dated_tag: r.digest for r in records if r.action is Action.PUBLISH}
    latest = registry.digest(LATEST)
    dated = [tag for tag in registry.tags() if DATED_TAG.fullmatch(tag)]
    # every recorded tag is read; of the others (a digest each, one request each), the newest few: a
    # registry listing a million dated tags held `releases` for a request per tag (5,000: 15 s)
    unrecorded = sorted((tag for tag in dated if tag not in recorded), reverse=True)  # the date leads
    read = [tag for tag in dated if tag in recorded] + unrecorded[:UNRECORDED_READS]
    served = {tag: registry.digest(tag) for tag in read}
    tags = sorted(set(dated) | set(recorded))
    rows = tuple(
        TagRow(t, served.get(t), recorded.get(t), latest is not None and served.get(t) == latest) for t in tags
    )
    return ReleasesReport(str(repo), latest, rows, max(0, len(unrecorded) - UNRECORDED_READS))


def show(repository: str, config_dir: Path, json_out: bool, username: str | None, password: str | None) -> None:
    result = report(repository, config_dir, username, password)
    if json_out:
        emit_json(result.as_dict())
    primary(f"{result.repository}: {len(result.rows)} dated tag(s); :{LATEST} = {result.latest or 'absent'}", json_out)
    if result.unread:
        say(
            f"note: the digests of {result.unread} older unrecorded dated tag(s) were not read "
            f"(the newest {UNRECORDED_READS} were)"
        )
    for row in result.rows:
        marker = f" <- :{LATEST}" if row.latest else ""
        colour = "red" if row.status.alarm else "green" if row.status is TagStatus.OK else "yellow"
        primary(f"  {row.tag}  {row.digest or '-'}  [{colour}]{row.status.value}[/]{marker}", json_out)
    alarms = result.alarms
    if alarms:
        raise NeedsHuman(
            f"{len(alarms)} alarm(s), first: {alarms[0]}",
            "dated tags are immutable: find out who retagged it; pin production to the recorded digest",
        )


# -- rollback --------------------------------------------------------------------------------
@dataclass(frozen=True)
class RollbackResult:
    repository: str
    dated_tag: str
    digest: str
    latest_before: str | None
    latest_after: str
    moved: bool

    def as_dict(self) -> dict[str, Any]:
        return {
            "ok": True,
            "reason": None,
            "repository": self.repository,
            "dated_tag": self.dated_tag,
            "digest": self.digest,
            "latest_before": self.latest_before,
            "latest_after": self.latest_after,
            "pull": f"{self.repository}@{self.digest}",
            "moved": self.moved,
        }


def rollback(
    repository: str, config_dir: Path, to: str | None = None, username: str | None = None, password: str | None = None
) -> RollbackResult:
    """Point `:latest` at the previous dated release (or ``to``), verified and recorded."""
    if to is not None:
        names.check_dated_tag(to, "--to")
    repo, registry = _registry(repository, username, password)
    with release_record.repository_lock(config_dir, str(repo)):
        records = release_record.for_repository(release_record.load(config_dir), str(repo))
        latest = registry.digest(LATEST)
        target = _target(records, latest, to, str(repo))
        try:
            _check_dated(registry, target)
        except NeedsHuman as stopped:
            stopped.known = _known(target, latest) | stopped.known
            raise
        if latest == target.digest:
            return RollbackResult(str(repo), target.dated_tag, target.digest, latest, latest, moved=False)
        entry = Release(
            Action.ROLLBACK,
            str(repo),
            target.version,
            target.variant,
            target.dated_tag,
            target.digest,
            target.date,
            release_record.now_utc(),
            latest,
            target.digest,
            None,
        )
        release_record.appended_text(config_dir, entry)  # recordable before :latest moves
        # moved and recorded together: stopped between the two, releases.yaml did not know :latest had gone back,
        # and `rollback` run again went back one release further
        stop_leaves(
            f"{repo}:{LATEST} is back at {target.dated_tag} ({target.digest}), and releases.yaml records it: "
            "the rollback is done"
        )
        with uninterrupted():
            try:
                move_latest(registry, target.digest, latest)
            except NeedsHuman as stopped:
                stopped.known = _known(target, latest) | stopped.known
                raise
            release_record.append(config_dir, entry)
    return RollbackResult(str(repo), target.dated_tag, target.digest, latest, target.digest, moved=True)


def _known(target: Release, latest: str | None) -> dict[str, Any]:
    """What a rollback stopped for a person knew by then: where it was going, and what :latest held (and still
    holds: it was not moved)."""
    return {"dated_tag": target.dated_tag, "digest": target.digest, "latest_before": latest, "latest_after": latest}


def _target(records: list[Release], latest: str | None, to: str | None, repository: str) -> Release:
    if to is not None:
        named = [r for r in records if r.action is Action.PUBLISH and r.dated_tag == to]
        if not named:
            raise UsageError(
                f"{repository}:{to} is not a recorded release", "see the recorded ones with `aeon-release releases`"
            )
        return named[-1]
    previous = release_record.previous_release(records, latest)
    if previous is None:
        raise StateError(
            f"{repository}:{LATEST} ({latest or 'absent'}) has no recorded previous release",
            "name the release to go back to with --to DATED_TAG",
        )
    return previous


def _check_dated(registry: Registry, target: Release) -> None:
    """Never point `:latest` at a digest that its dated tag no longer holds."""
    served = registry.digest(target.dated_tag)
    if served != target.digest:
        raise NeedsHuman(
            f"{registry.repository}:{target.dated_tag} serves {served or 'nothing'}, "
            f"but releases.yaml records {target.digest}",
            ":latest was not moved; run `aeon-release releases` and find out who changed the tag",
        )


def run_rollback(
    repository: str, config_dir: Path, to: str | None, json_out: bool, username: str | None, password: str | None
) -> None:
    try:
        result = rollback(repository, config_dir, to, username, password)
    except NeedsHuman as failed:
        # a verdict (exit 1: the dated tag no longer holds the recorded digest, :latest moved by someone else) is
        # a report like a pass, as audit's and merge's are: `rollback --json | jq .ok` read an empty stdout.
        # Refused input and nothing to roll back to (exit 2) stay off stdout.
        if json_out:
            emit_json(_failed_dict(repository, to, failed))
        raise
    if json_out:
        emit_json(result.as_dict())
    if not result.moved:
        primary(
            f"[green]nothing to do[/]: {result.repository}:{LATEST} already at {result.dated_tag} ({result.digest})",
            json_out,
        )
        return
    primary(f"[green]rolled back[/] {result.repository}:{LATEST} to {result.dated_tag} ({result.digest})", json_out)


def _failed_dict(repository: str, to: str | None, failed: NeedsHuman) -> dict[str, Any]:
    """The --json verdict of a rollback stopped for a person (exit 1): the exit-0 object's fields, those the
    request names and those the rollback knew by then (``failed.known``: the dated tag it went back to, its
    recorded digest, what :latest held) filled in, the others null."""
    known = failed.known
    return {
        "ok": False,
        "reason": failed.message,
        "repository": repository,
        "dated_tag": known.get("dated_tag", to),
        "digest": known.get("digest"),
        "latest_before": known.get("latest_before"),
        "latest_after": known.get("latest_after"),
        "pull": None,  # the dated tag no longer holds the recorded digest, or :latest moved: nothing to pull
        "moved": False,
    }
