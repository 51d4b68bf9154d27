"""`aeon-release verify REPOSITORY:TAG [--key PUB]`: is this tag what the fleet built, audited and signed?

Reads the digest the tag holds now (or takes the one ``REPOSITORY@sha256:HEX`` pins), fetches the attestation
pushed for that digest (``sha256-<hex>.att``), checks its DSSE signature with the public key, checks that the
signed statement names this repository and this digest, and shows the audit result it carries.
Exit 0 verified; 1 no attestation, a bad signature or a statement about another image; 2 bad input.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from aeon_release.adapters import artifacts, signing
from aeon_release.adapters.console import emit_json, plain, say
from aeon_release.adapters.registry import Registry, parse_repository, resolve_credentials
from aeon_release.domain import attestation, names
from aeon_release.errors import NeedsHuman, UsageError, quoted
from aeon_release.pipeline import keys

# a reference that ends in a digest (OCI image-spec: algorithm, then its encoding; hex of a hash here); an `@`
# elsewhere (`user:PW@host/app:tag`) is no digest and is left to the REGISTRY/NAME check
_DIGEST_END = re.compile(r"@(?P<digest>[a-z0-9]+(?:[+._-][a-z0-9]+)*:[0-9a-fA-F]{32,})")


def _split(reference: str) -> tuple[str, str, str | None]:
    """REPOSITORY, the tag (empty for ``REPOSITORY@DIGEST``) and the digest a reference pins, if any."""
    pinned = _DIGEST_END.search(reference)
    if pinned and pinned.end() == len(reference):
        return _pinned(reference[: pinned.start()], pinned["digest"])
    repository, sep, tag = reference.rpartition(":")
    if not sep or "/" in tag or not names.TAG.fullmatch(tag):
        raise UsageError(f"{quoted(reference)} is not REPOSITORY:TAG", "e.g. ghcr.io/team/app:latest")
    return repository, tag, None


def _pinned(named: str, digest: str) -> tuple[str, str, str]:
    """``app@sha256:HEX`` (how a deployment pins what it runs) is verified as that digest: it cannot move, so no tag
    is read (it was refused, "verify reads the digest a tag holds").  ``app:TAG@sha256:HEX`` is the digest too, as
    docker pulls it; the tag only names the variant the attestation must say."""
    if not names.SHA256_DIGEST.fullmatch(digest):
        # the name quoted apart from its digest: `app:latest@sha256:...` whole reads as `user:PASSWORD@host`
        raise UsageError(
            f"{quoted(named)}@{digest[:80]} names a digest that is no sha256 of 64 lowercase hex digits",
            "aeon-release attests sha256 digests: pass REPOSITORY@sha256:HEX or REPOSITORY:TAG",
        )
    repository, sep, tag = named.rpartition(":")
    if sep and "/" not in tag and names.TAG.fullmatch(tag):
        return repository, tag, digest
    return named, "", digest


def verify(
    reference: str, key: Path | None, username: str | None, password: str | None, config_dir: Path | None = None
) -> dict[str, Any]:
    repository_text, tag, pinned = _split(reference)
    repository = parse_repository(repository_text)
    public = signing.load_public(keys.verify_key(key, config_dir))
    credentials = resolve_credentials(repository.host, username, password)
    # a digest is read back by itself (the registry must serve those very bytes), never through the tag
    digest = Registry(repository, credentials).digest(pinned or tag)
    if digest is None:
        raise UsageError(f"{reference} does not exist in the registry", "check the tag with `aeon-release releases`")
    envelope = artifacts.pull(repository, credentials, digest)
    if envelope is None:
        raise NeedsHuman(
            f"{reference} ({digest}) has no attestation ({artifacts.attestation_tag(digest)} is absent)",
            "it was not published by aeon-release publish, or its attestation was deleted",
        )
    verified = signing.verify(envelope, public)
    predicate = attestation.check(verified.statement, str(repository), digest)
    return {
        "reference": reference,
        "digest": digest,
        "verified": True,
        "keyid": verified.keyid,
        "attestation": f"{repository}:{artifacts.attestation_tag(digest)}",
        "audit": predicate.get("audit") or {},
        "build": predicate.get("build"),
        "variant": _signed_variant(predicate.get("build")),
        # False: attested before aeon-release kept the variant (``variant`` is then null and says nothing)
        "variant_recorded": isinstance(predicate.get("build"), dict) and "variant" in predicate["build"],
        "variant_said": attestation.variant_said(tag, predicate.get("build")),
        "published_at": predicate.get("published_at"),
    }


def _signed_variant(build: Any) -> str | None:
    value = build.get("variant") if isinstance(build, dict) else None
    return value if isinstance(value, str) else None


def run(
    reference: str,
    key: Path | None,
    username: str | None,
    password: str | None,
    json_out: bool,
    config_dir: Path | None = None,
) -> None:
    try:
        result = verify(reference, key, username, password, config_dir)
    except NeedsHuman as failed:
        # a verdict (exit 1) is a report like a pass, as audit's and merge's are: `verify --json | jq .verified`
        # read an empty stdout for a bad signature or a missing attestation
        if json_out:
            emit_json({"reference": reference, "verified": False, "reason": failed.message})
        raise
    audit, build = result["audit"], result["build"] or {}
    say(f"[green]verified[/] {plain(reference)} = {result['digest']}: signed by key {result['keyid'][:16]}")
    say(
        f"  audit: {plain(audit.get('status', '?'))} ({plain(audit.get('detail', ''))})"
        + (f"  report sha256 {audit['report_sha256'][:16]}" if audit.get("report_sha256") else "")
    )
    if build:
        say(
            f"  built: {plain(build.get('tag'))} image {plain(str(build.get('image_id'))[:19])} from revision "
            f"{plain(str(build.get('revision'))[:12])} for {plain(build.get('platform'))}"
        )
    say(f"  variant: {plain(result.pop('variant_said'))}")
    if json_out:
        emit_json(result)
