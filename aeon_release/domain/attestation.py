"""What binds an audit to an image: the build's provenance record and the in-toto statement.

`build` records, for the image it built and checked, its id (the config digest: content, not a
label anyone can copy), the revision, the platform, and the audit result with its report's hash,
in ``<git common dir>/aeon-release/attestations/<id hex>.json``, sealed (``<id hex>.sealed``: the
digest of what the build wrote).  `publish` looks the image up there by id and takes only a sealed
record, so an image this fleet never built cannot pass, whatever labels it carries; it then
makes an in-toto Statement v1 whose subject is the pushed manifest digest and signs it.  `verify`
checks that a statement names the digest a tag holds.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from aeon_release.adapters import jsonio, store
from aeon_release.domain import names
from aeon_release.errors import NeedsHuman, StateError

STATEMENT_TYPE = "https://in-toto.io/Statement/v1"
PREDICATE_TYPE = "urn:aeon-release:build-audit:v1"


@dataclass(frozen=True)
class Provenance:
    """The build's record of one image it built and checked."""

    image_id: str
    tag: str
    revision: str
    platform: str
    built_at: str
    audit: dict[str, str] = field(default_factory=dict)  # status, detail, revision, report_sha256
    # The variant it was built as (None: none), sealed with the rest: publish refuses it under another.  The
    # image's labels are the Dockerfile's to write, and a record without this key (a build before it was kept)
    # reads as built without one.
    variant: str | None = None
    # False for a record without the key (an aeon-release before variants were kept): it cannot say what the image
    # was built as, and publish says so rather than read it as "built without one" in silence.  Never written.
    variant_kept: bool = True

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Provenance:
        return cls(
            str(data["image_id"]),
            str(data["tag"]),
            str(data["revision"]),
            str(data["platform"]),
            str(data["built_at"]),
            {str(k): str(v) for k, v in (data.get("audit") or {}).items()},
            None if data.get("variant") is None else str(data["variant"]),
            "variant" in data,
        )

    def as_record(self) -> dict[str, Any]:
        return {k: v for k, v in asdict(self).items() if k != "variant_kept"}


def _path(common_dir: Path, image_id: str) -> Path:
    return store.RunStore.attestation_record(common_dir, image_id)


def record(common_dir: Path, provenance: Provenance) -> Path:
    path = _path(common_dir, provenance.image_id)
    store.write_sealed(path, provenance.as_record())
    return path


def lookup(common_dir: Path, image_id: str) -> Provenance | None:
    path = _path(common_dir, image_id)
    # read as every file of the tool's is: a FIFO or /dev/zero planted at the name held `publish` for good
    raw = store.read_state_file(path, "the build record")
    if raw is None:
        return None
    try:
        data = jsonio.loads(raw)
        provenance = Provenance.from_dict(data)
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:  # (an audit that is a list)
        raise StateError(
            f"{path}: the build record is unreadable ({type(exc).__name__})",
            "build the image again with `aeon-release build`",
        ) from None
    # A record a build sealed, of this very image: one written by hand (any image id, "passed") had
    # `publish` sign a passed audit for an image no build made and move :latest to it.
    return provenance if provenance.image_id == image_id and store.sealed(path, data) else None


def statement(
    repository: str, digest: str, provenance: Provenance | None, audit: dict[str, str], published_at: str
) -> dict[str, Any]:
    """The in-toto statement for the manifest ``digest`` pushed to ``repository``."""
    algorithm, _, hexdigest = digest.partition(":")
    predicate: dict[str, Any] = {"audit": audit, "published_at": published_at, "repository": repository}
    if provenance is not None:
        predicate["build"] = {
            "image_id": provenance.image_id,
            "tag": provenance.tag,
            "revision": provenance.revision,
            "platform": provenance.platform,
            "built_at": provenance.built_at,
        }
        if provenance.variant_kept:  # (an older build's record says nothing of it: nor does the statement)
            predicate["build"]["variant"] = provenance.variant
    return {
        "_type": STATEMENT_TYPE,
        "subject": [{"name": repository, "digest": {algorithm: hexdigest}}],
        "predicateType": PREDICATE_TYPE,
        "predicate": predicate,
    }


def check(statement_data: dict[str, Any], repository: str, digest: str) -> dict[str, Any]:
    """The statement's audit section, once it is known to be about ``repository@digest``."""
    if statement_data.get("_type") != STATEMENT_TYPE or statement_data.get("predicateType") != PREDICATE_TYPE:
        raise NeedsHuman(
            "the attestation is not an aeon-release build statement "
            f"({statement_data.get('_type')}, {statement_data.get('predicateType')})"
        )
    algorithm, _, hexdigest = digest.partition(":")
    subjects = statement_data.get("subject") or []
    named = [s for s in subjects if isinstance(s, dict) and (s.get("digest") or {}).get(algorithm) == hexdigest]
    if not named:
        found = ", ".join(
            f"{k}:{v}" for s in subjects if isinstance(s, dict) for k, v in (s.get("digest") or {}).items()
        )
        raise NeedsHuman(
            f"the attestation is about {found or 'nothing'}, not {digest}",
            "the tag was moved to another image after it was attested, or the attestation was copied",
        )
    if named[0].get("name") != repository:
        raise NeedsHuman(f"the attestation names {named[0].get('name')}, not {repository}")
    predicate = statement_data.get("predicate") or {}
    return dict(predicate) if isinstance(predicate, dict) else {}


def variant_said(tag: str, build: dict[str, Any] | None) -> str:
    """What the signed build section says of the variant against the tag verified: a dated tag names one
    (``DATE-vX.Y.Z-omni``), and a statement that says another is no attestation of that tag (NeedsHuman).  A
    statement without the key (published before variants were kept) is said to be so: verify passed it in silence.
    """
    dated = names.DATED_TAG.fullmatch(tag)
    named = dated.group(3) if dated else None
    if not isinstance(build, dict) or "variant" not in build:
        told = f"; the tag names {named!r}" if named else ""
        return f"not recorded (attested before aeon-release kept the variant{told}: build and publish again to have it)"
    signed = build["variant"]
    if dated and signed != named:
        said = f"the variant {signed!r}" if signed else "no variant"
        raise NeedsHuman(
            f"the attestation says the image was built with {said}, but the tag {tag} names "
            + (f"the variant {named!r}" if named else "none"),
            "the tag was pointed at another variant's image; publish that variant's own build",
        )
    return repr(signed) if signed else "none"
