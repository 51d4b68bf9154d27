"""One grammar for every name a command takes: release versions, variants, image references, dated
tags, fork branches, dates and sizes.  Every command validates through here, so they all agree.

- A **release version** is ``v`` + a PEP 440 release (``v0.29.0``, ``v0.30.0rc1``,
  ``v0.29.1.post1``), compared with ``packaging.version`` (so ``rc1 < final < post1``).
- A **variant** is a lowercase kebab word (``omni``, ``fp8-kv``): it ends up inside a Docker tag and
  inside the dated tag ``YYYY-MM-DD-VERSION[-VARIANT]``, which must parse back unambiguously.
- An **image reference** follows Docker's reference grammar (distribution/reference): ``[HOST[:PORT]/]
  PATH[:TAG][@DIGEST]``, split with the docker SDK's parser.
- A **fork branch** is the fleet profile's prefix + a release version.

The patterns themselves are ``aeon_release/grammar.py`` (below the adapters, so the registry client
matches the same words); this module adds the checks and their messages.  Every pattern is matched whole (``fullmatch``/``\\Z``): no trailing newline slips through.
"""

from __future__ import annotations

import datetime as dt

from packaging.version import InvalidVersion, Version

from aeon_release import grammar
from aeon_release.errors import UsageError, quoted

VERSION_PATTERN, VARIANT_PATTERN, DATE_PATTERN = grammar.VERSION_PATTERN, grammar.VARIANT_PATTERN, grammar.DATE_PATTERN
VERSION, VARIANT, DATE, DATED_TAG = grammar.VERSION, grammar.VARIANT, grammar.DATE, grammar.DATED_TAG
VERSION_HINT = "release versions look like v0.29.0, v0.30.0rc1 or v0.29.1.post1"
VARIANT_HINT = "use lowercase letters, digits and single dashes, e.g. omni"

NAME, TAG, DIGEST, IMAGE_ID, NAME_MAX = grammar.NAME, grammar.TAG, grammar.DIGEST, grammar.IMAGE_ID, grammar.NAME_MAX
SHA256_DIGEST = grammar.SHA256_DIGEST
IMAGE_HINT = "an image is [REGISTRY/]NAME[:TAG] with a lowercase NAME, e.g. team/app:v0.29.0-omni"


# -- versions --------------------------------------------------------------------------------
def parse_version(text: str) -> Version | None:
    """The version of a release tag, or None when ``text`` is not one."""
    if not VERSION.fullmatch(text):
        return None
    try:
        return Version(text)
    except InvalidVersion:  # pragma: no cover - the pattern is a subset of PEP 440
        return None


def check_version(text: str, what: str = "version") -> str:
    if parse_version(text) is None:
        raise UsageError(f"{what} {quoted(text)} is not of the form vX.Y.Z[rcN][.postN]", version_hint(text))
    return text


def version_hint(text: str) -> str:
    """The hint for a name that is no release version, with the one it nearly is (``0.29.0``, ``V0.29.0``: a
    newcomer typed the version as pip spells it, and was told what versions look like, not which one)."""
    near = "v" + text.strip().lstrip("vV")
    return f"did you mean {near}? {VERSION_HINT}" if near != text and parse_version(near) else VERSION_HINT


def version_key(text: str) -> Version:
    """Sort key of a version already checked (``:latest`` ordering, rollback targets)."""
    version = parse_version(text)
    if version is None:
        raise ValueError(f"not a release version: {text!r}")
    return version


# -- variants, dates, dated tags -------------------------------------------------------------
def check_variant(text: str | None) -> str | None:
    if text is not None and (not VARIANT.fullmatch(text) or len(text) > 32):
        raise UsageError(f"variant {quoted(text)} is not a valid variant", VARIANT_HINT)
    return text


def version_tag(version: str, variant: str | None) -> str:
    """The image tag of a release: ``VERSION[-VARIANT]``."""
    return f"{version}-{variant}" if variant else version


def dated_tag(date: str, version: str, variant: str | None) -> str:
    return f"{date}-{version_tag(version, variant)}"


def check_date(text: str) -> str:
    try:
        real = DATE.fullmatch(text) is not None and dt.date.fromisoformat(text).isoformat() == text
    except ValueError:
        real = False
    if not real:
        raise UsageError(f"date {quoted(text)} is not a date of the form YYYY-MM-DD", "e.g. --date 2026-09-11")
    return text


# A clock a day off (another time zone's today, a CI runner's drifting clock) is no mistake; more is.
SKEW = dt.timedelta(days=1)


def check_release_date(date: str, today: dt.date, earliest: dt.date | None = None, since: str = "") -> str:
    """A release's ``--date`` names the day it went out: not past tomorrow (``9999-12-31`` sorted every dated
    tag after it, and the newest-first reading of a repository's tags took it for the newest release for
    good), and not before what it releases existed (``earliest``, what ``since`` names: the image's build,
    the tag's commit), each with a day of clock skew."""
    day = dt.date.fromisoformat(check_date(date))
    if day > today + SKEW:
        raise UsageError(
            f"--date {date} is in the future (today is {today.isoformat()}, UTC)",
            "drop --date (today, UTC), or give the day the release goes out",
        )
    if earliest is not None and day < earliest - SKEW:
        raise UsageError(
            f"--date {date} is before {since} ({earliest.isoformat()})",
            "drop --date (today, UTC): a dated tag names the day the release went out",
        )
    return date


def check_dated_tag(text: str, what: str = "dated tag") -> str:
    """``YYYY-MM-DD-VERSION[-variant]`` whose date is a day of the calendar (``2026-02-30`` is none, as
    ``--date`` says): the form alone let a tag no publish could have made through."""
    match = DATED_TAG.fullmatch(text)
    real = match is not None
    if match is not None:
        try:
            real = dt.date.fromisoformat(match[1]).isoformat() == match[1]
        except ValueError:
            real = False
    if not real:
        raise UsageError(
            f"{what} {quoted(text)} is not a dated tag (YYYY-MM-DD-VERSION[-variant], a real date)",
            "e.g. --to 2026-08-16-v0.27.1",
        )
    return text


# -- image references ------------------------------------------------------------------------
def split_image(reference: str) -> tuple[str, str | None]:
    """``NAME[:TAG|@DIGEST]`` -> (name, tag or digest), as the docker SDK splits it."""
    from docker.utils import parse_repository_tag  # the SDK loads requests (0.25 s): only when a name is split

    name, tag = parse_repository_tag(reference)
    return name, tag


def is_image_reference(reference: str, allow_digest: bool = True) -> bool:
    name, suffix = split_image(reference)
    if not NAME.fullmatch(name) or len(name) > NAME_MAX:
        return False
    if suffix is None:
        return True
    if "@" in reference:
        return allow_digest and DIGEST.fullmatch(suffix) is not None
    return TAG.fullmatch(suffix) is not None


def check_image_name(reference: str) -> str:
    """A name to tag a built image with: ``[REGISTRY/]NAME[:TAG]`` (no digest)."""
    if not is_image_reference(reference, allow_digest=False):
        raise UsageError(f"image tag {quoted(reference)} is not a valid image name", IMAGE_HINT)
    return reference


def check_image(reference: str) -> str:
    """A local image to read: a reference (tag or digest) or an image id."""
    if not (IMAGE_ID.fullmatch(reference) or is_image_reference(reference)):
        raise UsageError(f"image {quoted(reference)} is not a valid image reference", IMAGE_HINT)
    return reference


def check_repository(text: str) -> str:
    """A repository to publish to: ``[REGISTRY/]NAME`` without tag or digest."""
    if not NAME.fullmatch(text) or len(text) > NAME_MAX:
        raise UsageError(
            f"repository {quoted(text)} is not a valid REGISTRY/NAME",
            "a repository is REGISTRY/NAME such as ghcr.io/team/app or 127.0.0.1:5000/team/app",
        )
    return text


# -- fork branches ---------------------------------------------------------------------------
def branch_for(prefix: str, tag: str) -> str:
    return prefix + tag


def branch_version(prefix: str, branch: str) -> Version | None:
    """The release a fork branch holds: exactly PREFIX + a release version (PREFIXv0.27.1-wip is none)."""
    return parse_version(branch[len(prefix) :]) if branch.startswith(prefix) else None


# -- sizes -----------------------------------------------------------------------------------
def human_size(size: int | None, decimal: bool = False) -> str:
    """``5.0 MiB`` (binary, image reports) or ``5.2 MB`` (decimal, release notes)."""
    value = float(size or 0)
    base, units = (1000, ("B", "kB", "MB", "GB")) if decimal else (1024, ("B", "KiB", "MiB", "GiB"))
    for unit in units:
        if value < base or unit == units[-1]:
            return f"{value:.1f} {unit}" if unit != "B" else f"{int(value)} B"
        value /= base
    return f"{value:.1f} {units[-1]}"  # pragma: no cover - the loop returns
