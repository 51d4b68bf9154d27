"""releases.yaml: the append-only record of what was published and where `:latest` pointed.

The file lives in the --config folder.  Every publish that changed something and every rollback
appends one entry; nothing is ever rewritten (entries are appended as text after the file was
checked to parse).  Fields of an entry:

    action:        publish | rollback
    repository:    REGISTRY/NAME, e.g. ghcr.io/team/app
    version:       vX.Y.Z of the release (for a rollback: of the release rolled back to)
    variant:       e.g. omni, or null
    dated_tag:     YYYY-MM-DD-vX.Y.Z[-variant]; immutable once pushed
    digest:        sha256:... of the manifest the dated tag points to; pin this in production
    date:          YYYY-MM-DD of the dated tag
    recorded_at:   UTC time this entry was written (ISO 8601)
    latest_before: digest :latest held before, or null when it did not exist
    latest_after:  digest :latest holds after (equal to digest when this entry moved it; with
                   --no-latest whatever it held before), or null when there is no :latest
    audit:         publish only: {status: passed|waived|skipped, detail, revision}; null for rollback
"""

from __future__ import annotations

import contextlib
import datetime as dt
import enum
import fcntl
import hashlib
import os
import re
import time
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from aeon_release.adapters import files, yamlio
from aeon_release.adapters.console import plain, say
from aeon_release.adapters.yamlio import Where, choice, load_yaml, mapping, parse_yaml, read_text, sequence, string
from aeon_release.domain import names
from aeon_release.errors import ConfigError, StateError, quoted, shell_word

RELEASES_FILE = "releases.yaml"
_HEADER = (
    "# Append-only record of releases and rollbacks, written by `aeon-release publish` and\n"
    "# `aeon-release rollback`.  Do not edit: `aeon-release releases` cross-checks the registry\n"
    "# against it.\n"
    "releases:\n"
)
VERSION, VARIANT, DATE, DATED_TAG = names.VERSION, names.VARIANT, names.DATE, names.DATED_TAG
# Dated tags the registry holds and releases.yaml does not: the newest this many are read (a request each).
# A registry answers a tag list of up to a million; years of daily releases are a thousand.
UNRECORDED_READS = 1_000
_FIELDS = (
    "action",
    "repository",
    "version",
    "variant",
    "dated_tag",
    "digest",
    "date",
    "recorded_at",
    "latest_before",
    "latest_after",
    "audit",
)


class Action(enum.Enum):
    PUBLISH = "publish"
    ROLLBACK = "rollback"


@dataclass(frozen=True)
class Release:
    action: Action
    repository: str
    version: str
    variant: str | None
    dated_tag: str
    digest: str
    date: str
    recorded_at: str
    latest_before: str | None
    latest_after: str | None
    audit: Mapping[str, str] | None = None

    def as_dict(self) -> dict[str, Any]:
        data = {name: getattr(self, name) for name in _FIELDS}
        data["action"] = self.action.value
        data["audit"] = dict(self.audit) if self.audit is not None else None
        return data


def now_utc() -> str:
    return dt.datetime.now(dt.timezone.utc).replace(microsecond=0).isoformat().replace("+00:00", "Z")


# -- reading ---------------------------------------------------------------------------------
GOOD_COPY = ".releases.yaml.good"  # beside releases.yaml: the file as it was after the last good write


def load(config_dir: Path) -> tuple[Release, ...]:
    """Every entry of releases.yaml (none when the file does not exist yet).

    A damaged file (a crash or a full disk under another tool, a bad hand edit) is reported with
    its line and recovered from the last good copy; the damaged one is kept beside it.
    """
    try:
        # empty (0 bytes: a write cut short) is damage too, recovered from the last good copy: read as no
        # releases, `releases` raised no alarm for any retagged image and `rollback` had nothing to go back to
        return _entries(load_yaml(config_dir / RELEASES_FILE, RELEASES_FILE, empty=_RESTORE))
    except ConfigError as damage:
        return _recover(config_dir, damage)


_RESTORE = "publish writes releases.yaml: restore it from version control or a backup"


def _recover(config_dir: Path, damage: ConfigError) -> tuple[Release, ...]:
    good = config_dir / GOOD_COPY
    try:
        text = read_text(good, GOOD_COPY)  # capped, a regular file: a FIFO there held the recovery for good
        if text is None:
            raise ConfigError(f"{GOOD_COPY}: missing")
        entries = _entries(yamlio.document(text, GOOD_COPY, _RESTORE))  # an emptied copy recovers nothing
    except (OSError, UnicodeDecodeError, ConfigError):
        raise ConfigError(
            damage.message, "restore releases.yaml from version control or a backup; no last good copy to recover from"
        ) from None
    path = config_dir / RELEASES_FILE
    kept = path.with_name(f"{RELEASES_FILE}.damaged-{dt.datetime.now(dt.timezone.utc):%Y%m%dT%H%M%SZ}")
    os.replace(path, kept)
    files.write_text(path, text, what=RELEASES_FILE)
    say(
        f"[yellow]warning[/]: {plain(damage.message)}; recovered {len(entries)} entries from the last good copy "
        f"({plain(good)}); the damaged file is kept as {plain(kept.name)}"
    )
    return entries


def for_repository(releases: Iterable[Release], repository: str) -> list[Release]:
    return [r for r in releases if r.repository == repository]


def _entries(document: Any) -> tuple[Release, ...]:
    if document is None:
        return ()
    where = Where(RELEASES_FILE, guide="releases.yaml is written by publish: restore it from version control")
    top = mapping(document, where, required=("releases",))
    entries = sequence(top["releases"], where.key("releases"))
    releases = tuple(_entry(node, where.key("releases").index(i)) for i, node in enumerate(entries))
    _consistent(releases, where.key("releases"))
    return releases


def _entry(node: Any, where: Where) -> Release:
    data = mapping(node, where, required=_FIELDS)
    text = {key: _text(data[key], where.key(key)) for key in ("date", "recorded_at")}
    return Release(
        action=Action(choice(data["action"], where.key("action"), [a.value for a in Action])),
        repository=string(data["repository"], where.key("repository")),
        version=string(data["version"], where.key("version"), VERSION, names.VERSION_HINT),
        variant=_optional(data["variant"], where.key("variant"), VARIANT),
        dated_tag=string(data["dated_tag"], where.key("dated_tag"), DATED_TAG, "YYYY-MM-DD-VERSION[-variant]"),
        digest=string(data["digest"], where.key("digest"), names.SHA256_DIGEST, "sha256: and 64 hex digits"),
        date=string(text["date"], where.key("date"), DATE, "YYYY-MM-DD"),
        recorded_at=text["recorded_at"],
        latest_before=_optional(data["latest_before"], where.key("latest_before"), names.SHA256_DIGEST),
        latest_after=_optional(data["latest_after"], where.key("latest_after"), names.SHA256_DIGEST),
        audit=_audit(data["audit"], where.key("audit")),
    )


def _consistent(releases: Sequence[Release], where: Where) -> None:
    """Entries as publish and rollback write them, each one and all together.  An entry's dated tag is its
    date (a day of the calendar), version and variant; a rollback entry moved :latest to its digest; and a
    dated tag holds one digest for good, so every entry naming it names the same one.  ``releases`` kept the
    last entry's digest of a tag and ``rollback --to`` went to it: one entry appended by hand, at what a
    retagged dated tag serves now, turned the cross-check's alarm into ``ok`` and moved :latest there."""
    held: dict[tuple[str, str], tuple[str, int]] = {}
    for i, release in enumerate(releases):
        at = where.index(i)
        try:
            real = dt.date.fromisoformat(release.date).isoformat() == release.date
        except ValueError:
            real = False
        if not real:
            raise at.key("date").fail(f"{quoted(release.date)} is no day of the calendar")
        expected = names.dated_tag(release.date, release.version, release.variant)
        if release.dated_tag != expected:
            raise at.key("dated_tag").fail(
                f"{quoted(release.dated_tag)} is not the entry's date, version and variant ({quoted(expected)})"
            )
        if release.action is Action.ROLLBACK and release.latest_after != release.digest:
            raise at.key("latest_after").fail("a rollback moves :latest to its digest, and this one names another")
        first, first_at = held.setdefault((release.repository, release.dated_tag), (release.digest, i))
        if release.digest != first:
            raise at.key("digest").fail(
                f"{release.dated_tag} was recorded at {_short(first)} in releases[{first_at}], and a dated tag "
                f"holds one digest for good; this entry names {_short(release.digest)}",
                "releases.yaml is append-only: restore it from version control; a retagged dated tag is what "
                "`aeon-release releases` reports, not a new entry",
            )


def _short(digest: str) -> str:
    return digest[: len("sha256:") + 12]


def _text(node: Any, where: Where) -> str:
    # An unquoted date or time is read by YAML as one: accept it as its ISO form.
    if isinstance(node, (dt.date, dt.datetime)):
        return node.isoformat()
    return string(node, where)


def _optional(node: Any, where: Where, pattern: re.Pattern[str]) -> str | None:
    return None if node is None else string(node, where, pattern)


def _audit(node: Any, where: Where) -> Mapping[str, str] | None:
    if node is None:
        return None
    data = mapping(node, where, required=("status",), optional=("detail", "revision", "report_sha256", "attestation"))
    choice(data["status"], where.key("status"), ("passed", "waived", "skipped"))
    return {key: str(value) for key, value in data.items() if value is not None}


# -- writing ---------------------------------------------------------------------------------
def append(config_dir: Path, release: Release) -> None:
    """Append one entry, as text: earlier entries are never rewritten.

    The new file (old text + the entry) is checked to read back as the old entries plus this one,
    then written atomically (a temporary file, fsync, rename): a crash or a full disk leaves the
    old file whole.  The result is also kept as the last good copy.
    """
    path = config_dir / RELEASES_FILE
    text = appended_text(config_dir, release)
    config_dir.mkdir(parents=True, exist_ok=True)
    files.write_text(path, text, what=RELEASES_FILE)
    files.write_text(config_dir / GOOD_COPY, text, what=GOOD_COPY)


def appended_text(config_dir: Path, release: Release) -> str:
    """releases.yaml with ``release`` appended, checked; raises before anything is pushed when it cannot be."""
    path = config_dir / RELEASES_FILE
    load(config_dir)  # a damaged file is recovered first
    existing = path.read_text(encoding="utf-8") if path.exists() else None
    before = _HEADER if existing is None else existing
    prefix = "" if before.endswith("\n") else "\n"
    addition = prefix + yamlio.dump([release.as_dict()], sort_keys=False, width=120)
    _check_appendable(path, before, addition, release)
    return before + addition


def _check_appendable(path: Path, before: str, addition: str, release: Release) -> None:
    entries = _entries(parse_yaml(before, RELEASES_FILE))
    try:
        grows = _entries(parse_yaml(before + addition, RELEASES_FILE)) == (*entries, release)
    except ConfigError:
        grows = False
    if not grows:
        raise ConfigError(
            f"{path}: cannot append to it without rewriting it",
            "keep `releases:` as a block list (`- action: ...` items) at the end of the file",
        )


LOCK_WAIT = 300.0  # seconds a publish waits for another one to the same repository


@contextlib.contextmanager
def repository_lock(config_dir: Path, repository: str, wait: float = LOCK_WAIT) -> Iterator[None]:
    """One publish or rollback per repository at a time (they read, then move `:latest`, then record).

    The lock is a file beside releases.yaml; a second run waits for the first, then plans afresh.
    """
    folder = config_dir / ".releases.locks"
    if files.linked_below(config_dir, folder.name + "/lock") is not None:  # may have come with a checkout
        raise StateError(
            f"{folder}: is a symbolic link; the publish locks stay in the config folder",
            f"remove the link (rm {shell_word(str(folder))}): aeon-release makes the folder again",
        )
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / (hashlib.sha256(repository.encode()).hexdigest()[:24] + ".lock")
    with os.fdopen(files.open_lock(path, "publish lock", StateError), "a+") as handle:
        deadline = time.monotonic() + wait
        while True:
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise StateError(
                        f"another publish or rollback of {repository} has held its lock for {wait:g}s",
                        f"wait for it, or remove {path} if no such run exists",
                    ) from None
                time.sleep(0.2)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def holder_of(releases: Sequence[Release], digest: str) -> Release | None:
    """The last recorded release whose dated tag has ``digest``."""
    matches = [r for r in releases if r.digest == digest]
    return matches[-1] if matches else None


def previous_release(releases: Sequence[Release], latest: str | None) -> Release | None:
    """The release `:latest` held before the one it holds now (the rollback target)."""
    chain = [r for r in releases if r.action is Action.PUBLISH and r.latest_after == r.digest]
    positions = [i for i, r in enumerate(chain) if r.digest == latest]
    if not positions:
        return None
    for candidate in reversed(chain[: positions[-1]]):
        if candidate.digest != latest:
            return candidate
    return None
