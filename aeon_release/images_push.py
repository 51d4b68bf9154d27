"""Docker-SDK calls that publishing needs: inspect a local image, tag it, push it with credentials.

Plain values in and out; no docker objects leave this module.  To be folded into ``images.py``
(the one docker-SDK importer) once that lands.
"""
from __future__ import annotations

import contextlib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

import docker
import docker.errors

from aeon_release.errors import ServiceError, StateError, redact
from aeon_release.registry import DIGEST, Credentials


@dataclass(frozen=True)
class LocalImage:
    ref: str
    id: str
    labels: Mapping[str, str] = field(default_factory=dict)
    repo_digests: tuple[str, ...] = ()


@contextlib.contextmanager
def _client() -> Iterator[Any]:
    try:
        client = docker.from_env()
    except docker.errors.DockerException as exc:
        raise ServiceError(f"the Docker engine is unreachable: {exc}", "start dockerd or set DOCKER_HOST") from None
    try:
        yield client
    except docker.errors.APIError as exc:
        raise ServiceError(f"the Docker engine refused: {redact(str(exc))}") from None
    except docker.errors.DockerException as exc:
        raise ServiceError(f"the Docker engine is unreachable: {exc}", "start dockerd or set DOCKER_HOST") from None
    finally:
        client.close()


def inspect(ref: str) -> LocalImage:
    """The local image ``ref``: its id, labels and the digests it is known by in registries."""
    with _client() as client:
        try:
            attrs = client.api.inspect_image(ref)
        except docker.errors.ImageNotFound:
            raise StateError(f"image {ref} does not exist in the local Docker engine",
                             "build it first (`aeon-release build`) or pass the right --image") from None
    labels = (attrs.get("Config") or {}).get("Labels") or {}
    return LocalImage(ref, attrs["Id"], dict(labels), tuple(attrs.get("RepoDigests") or ()))


def push(image_id: str, repository: str, tag: str, credentials: Credentials | None) -> str:
    """Tag the image ``repository:tag`` and push it; returns the manifest digest the push reported."""
    with _client() as client:
        if not client.api.tag(image_id, repository, tag):
            raise ServiceError(f"the Docker engine could not tag {image_id[:19]} as {repository}:{tag}")
        auth = None
        if credentials is not None:
            auth = {"username": credentials.username, "password": credentials.password,
                    "serveraddress": repository.split("/", 1)[0]}
        stream = client.api.push(repository, tag=tag, stream=True, decode=True, auth_config=auth)
        return _digest_from_stream(stream, f"{repository}:{tag}")


def _digest_from_stream(stream: Any, target: str) -> str:
    digest = None
    for line in stream:
        if line.get("error") or line.get("errorDetail"):
            detail = line.get("error") or (line.get("errorDetail") or {}).get("message", "")
            raise ServiceError(f"pushing {target} failed: {redact(str(detail))}",
                               "check the registry, the credentials and that it is running")
        aux = line.get("aux") or {}
        if isinstance(aux, dict) and DIGEST.fullmatch(str(aux.get("Digest", ""))):
            digest = str(aux["Digest"])
    if digest is None:
        raise ServiceError(f"pushing {target} reported no digest", "retry the publish")
    return digest
