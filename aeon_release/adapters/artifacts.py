"""Attestations in the registry, as OCI artifacts.

An attestation for the image manifest ``sha256:HEX`` is pushed under the tag ``sha256-HEX.att``
(the tag scheme cosign uses), which works on registries without the referrers API such as
distribution 2.8; the manifest also names the image as its ``subject`` for registries that do
index referrers.  Its one layer is the DSSE envelope (``application/vnd.dsse.envelope.v1+json``),
its config the OCI empty descriptor.

Transport is the registry client beside this module (stdlib HTTP, Basic and Bearer auth).
oras-py 0.2.43 was tried first and dropped: against distribution 2.8 it took an htpasswd
registry's Basic realm for a token URL, and its upload session failed under bearer-token auth.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from aeon_release.adapters import jsonio
from aeon_release.adapters.registry import Credentials, Manifest, Registry, Repository
from aeon_release.errors import ServiceError

ENVELOPE_TYPE = "application/vnd.dsse.envelope.v1+json"
ARTIFACT_TYPE = "application/vnd.dsse.envelope.v1+json"
MANIFEST_TYPE = "application/vnd.oci.image.manifest.v1+json"
EMPTY_TYPE = "application/vnd.oci.empty.v1+json"
EMPTY = b"{}"


@dataclass(frozen=True)
class Descriptor:
    media_type: str
    digest: str
    size: int

    def as_dict(self) -> dict[str, object]:
        return {"mediaType": self.media_type, "digest": self.digest, "size": self.size}


def attestation_tag(digest: str) -> str:
    """``sha256:HEX`` -> ``sha256-HEX.att``."""
    return digest.replace(":", "-", 1) + ".att"


def push(
    repository: Repository,
    credentials: Credentials | None,
    subject: Descriptor,
    envelope: bytes,
    annotations: dict[str, str],
) -> str:
    """Push the envelope as the attestation of the manifest ``subject``; return ``REPOSITORY:sha256-HEX.att``."""
    registry = Registry(repository, credentials)
    config = Descriptor(EMPTY_TYPE, registry.put_blob(EMPTY), len(EMPTY))
    layer = Descriptor(ENVELOPE_TYPE, registry.put_blob(envelope), len(envelope))
    body = json.dumps(
        {
            "schemaVersion": 2,
            "mediaType": MANIFEST_TYPE,
            "artifactType": ARTIFACT_TYPE,
            "config": config.as_dict(),
            "layers": [layer.as_dict()],
            "subject": subject.as_dict(),
            "annotations": annotations,
        },
        sort_keys=True,
    ).encode()
    tag = attestation_tag(subject.digest)
    registry.put_manifest(tag, Manifest("", MANIFEST_TYPE, body))
    return f"{repository}:{tag}"


def pull(repository: Repository, credentials: Credentials | None, digest: str) -> bytes | None:
    """The envelope attached to ``digest``, or None when there is none."""
    registry = Registry(repository, credentials)
    manifest = registry.manifest(attestation_tag(digest))
    if manifest is None:
        return None
    try:
        layers = jsonio.loads(manifest.body).get("layers")
    except (ValueError, AttributeError):
        layers = None
    if not isinstance(layers, list):  # a manifest of another shape (`"layers": 5` was a TypeError): no envelope
        layers = []
    envelopes = [layer for layer in layers if isinstance(layer, dict) and layer.get("mediaType") == ENVELOPE_TYPE]
    if not envelopes:
        return None
    blob = registry.blob(str(envelopes[0].get("digest")))
    if blob is None:
        raise ServiceError(f"{repository}:{attestation_tag(digest)} names a blob the registry does not have")
    return blob
