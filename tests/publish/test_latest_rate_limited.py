"""A 429 on the PUT that moves `:latest`.  publish's move_latest (and rollback) read `:latest`, see what the plan
saw, then PUT; a 429 there was waited out and the PUT sent again without reading `:latest` again, so a move
another publisher made during the wait was overwritten with no alarm.  The real docker-registry holds the tags;
a proxy in front of it answers the one 429 (a real registry cannot be made to send one) and, while it does,
moves `:latest` on the real registry as another publisher would."""

from __future__ import annotations

import http.client
import json
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler

import pytest

from aeon_release.adapters.registry import Manifest, Registry, parse_repository
from aeon_release.errors import ServiceError
from aeon_release.pipeline.publish import move_latest
from tests.publish.conftest import RegistryProcess
from tests.publish.helpers import Answer, RegistryProxy, served

pytestmark = [pytest.mark.registry]

OCI = "application/vnd.oci.image.manifest.v1+json"


class _LimitingProxy(RegistryProxy):
    """Passes every request to the real registry, except the first PUT of `:latest`: then it PUTs ``other`` there
    itself (another publisher's move) and answers 429 with a Retry-After of one second."""

    def __init__(self, upstream: str, other: Manifest, name: str) -> None:
        super().__init__(upstream)
        self.upstream, self.other, self.name = upstream, other, name
        self.limited = 0

    def intercept(self, request: BaseHTTPRequestHandler, body: bytes | None) -> Answer | None:
        if request.command == "PUT" and request.path.endswith("/manifests/latest") and not self.limited:
            self.limited += 1
            _put(self.upstream, self.name, "latest", self.other.body)
            return 429, [("Retry-After", "1")], b""
        return None


def _put(host: str, name: str, tag: str, body: bytes) -> None:
    connection = http.client.HTTPConnection(host, timeout=30)
    try:
        connection.request("PUT", f"/v2/{name}/manifests/{tag}", body=body, headers={"Content-Type": OCI})
        assert connection.getresponse().status == 201
    finally:
        connection.close()


def _manifests(registry: Registry, count: int) -> list[Manifest]:
    """``count`` image manifests with one real config blob each (no layers), put by digest."""
    made = []
    for n in range(count):
        config = json.dumps({"architecture": "amd64", "os": "linux", "n": n}).encode()
        digest = registry.put_blob(config)
        body = json.dumps(
            {
                "schemaVersion": 2,
                "mediaType": OCI,
                "config": {
                    "mediaType": "application/vnd.oci.image.config.v1+json",
                    "digest": digest,
                    "size": len(config),
                },
                "layers": [],
            }
        ).encode()
        made.append(Manifest(registry.put_manifest(f"m{n}", Manifest("", OCI, body)), OCI, body))
    return made


@pytest.fixture
def name(run_id: str) -> str:
    return f"aeon-test-publish/{run_id}-limited"


@pytest.fixture
def seeded(registry: RegistryProcess, name: str) -> Iterator[list[Manifest]]:
    direct = Registry(parse_repository(f"{registry.host}/{name}"))
    ours, before, theirs = _manifests(direct, 3)
    direct.put_manifest("latest", before)
    yield [ours, before, theirs]


def test_a_429_on_moving_latest_is_not_resent_over_another_publishers_move(
    registry: RegistryProcess, name: str, seeded: list[Manifest]
) -> None:
    """The move is not sent again after the wait: one line saying the registry is limiting requests, and the other
    publisher's `:latest` stays (it was overwritten by the resent PUT, move_latest returning as if all was well)."""
    ours, before, theirs = seeded
    with _LimitingProxy(registry.host, theirs, name) as proxy:
        client = Registry(parse_repository(f"{proxy.host}/{name}"))
        with pytest.raises(ServiceError, match=r"is limiting requests \(HTTP 429"):
            move_latest(client, ours.digest, before.digest)
    assert proxy.limited == 1
    assert served(registry.host, name, "latest") == theirs.digest


def test_without_a_429_latest_moves(registry: RegistryProcess, name: str, seeded: list[Manifest]) -> None:
    """The twin: no 429, `:latest` held what the plan saw, and it moves (reads limited by a 429 are still waited
    out: tests/hostile/test_sweep46.py)."""
    ours, before, _ = seeded
    assert move_latest(Registry(parse_repository(f"{registry.host}/{name}")), ours.digest, before.digest)
    assert served(registry.host, name, "latest") == ours.digest
