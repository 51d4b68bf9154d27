"""Test helpers: the CLI as a user runs it, the registry read independently of the code under test."""

from __future__ import annotations

import base64
import datetime as dt
import http.client
import json
import urllib.error
import urllib.request
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from typing import Any

import yaml

from tests.helpers import LoopbackServer, Result, run_cli

ROOT = Path(__file__).resolve().parents[2]
ACCEPT = "application/vnd.docker.distribution.manifest.v2+json, application/vnd.oci.image.manifest.v1+json"


def cli(*args: str, stdin: str | None = None, env: dict[str, str] | None = None) -> Result:
    """`aeon-release ...` through the one CLI runner, with no registry password in the environment
    unless the test gives one."""
    return run_cli(*args, stdin=stdin or "", env={"AEON_REGISTRY_PASSWORD": None, **(env or {})}, cwd=ROOT)


def served(host: str, name: str, tag: str, auth: tuple[str, str] | None = None) -> str | None:
    """The digest the registry serves for ``name:tag`` (HEAD), or None; our own request, not the tool's."""
    request = urllib.request.Request(
        f"http://{host}/v2/{name}/manifests/{tag}", method="HEAD", headers={"Accept": ACCEPT}
    )
    if auth is not None:
        token = base64.b64encode(f"{auth[0]}:{auth[1]}".encode()).decode()
        request.add_header("Authorization", f"Basic {token}")
    try:
        with urllib.request.urlopen(request, timeout=10) as reply:
            return str(reply.headers["Docker-Content-Digest"])
    except urllib.error.HTTPError as error:
        error.close()
        if error.code == 404:
            return None
        raise


def records(config: Path) -> list[dict[str, Any]]:
    path = config / "releases.yaml"
    if not path.exists():
        return []
    return list(yaml.safe_load(path.read_text())["releases"] or [])


# The day an image made in a test was created, as the engine says it: an image with no build record is published no
# earlier (a day of clock skew allowed).
TODAY = dt.datetime.now(dt.timezone.utc).date().isoformat()


def publish_args(
    image: str, repository: str, version: str, config: Path, *extra: str, date: str = "2026-09-11"
) -> list[str]:
    return [
        "publish",
        "--image",
        image,
        "--repository",
        repository,
        "--version",
        version,
        "--date",
        date,
        "--config",
        str(config),
        "--repo",
        str(config),
        "--json",
        *extra,
    ]


def as_json(done: Result) -> dict[str, Any]:
    assert done.returncode == 0, done.stderr
    return dict(json.loads(done.stdout))


Answer = tuple[int, list[tuple[str, str]], bytes]  # status, headers (no Content-Length), body
_HOP = {"transfer-encoding", "connection", "content-length"}  # headers the proxy sets itself, never passes on


class RegistryProxy(LoopbackServer):
    """A proxy in front of the real registry: every request is passed through whole (a chunked body read to its
    end); a test's subclass answers one itself (``intercept``) or changes what the registry said (``rewrite``),
    for the faults a real registry cannot be made to produce."""

    def __init__(self, upstream: str) -> None:
        proxy = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: object) -> None:
                pass

            def _forward(self) -> None:
                body = _request_body(self)
                answer = proxy.intercept(self, body)
                if answer is None:
                    answer = proxy.rewrite(self, *_passed(upstream, self, body))
                status, headers, data = answer
                self.send_response(status)
                for key, value in headers:
                    self.send_header(key, value)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                if self.command != "HEAD":
                    self.wfile.write(data)

            do_GET = do_HEAD = do_PUT = do_POST = do_PATCH = do_DELETE = _forward  # noqa: N815

        super().__init__(Handler)
        self.host = f"127.0.0.1:{self.port}"

    def intercept(self, request: BaseHTTPRequestHandler, body: bytes | None) -> Answer | None:
        """An answer of the proxy's own instead of the registry's; None passes the request on."""
        return None

    def rewrite(
        self, request: BaseHTTPRequestHandler, status: int, headers: list[tuple[str, str]], data: bytes
    ) -> Answer:
        """What the client is told of the registry's answer."""
        return status, headers, data


def _request_body(request: BaseHTTPRequestHandler) -> bytes | None:
    if "chunked" in request.headers.get("Transfer-Encoding", "").lower():
        data = b""
        while size := int(request.rfile.readline().split(b";")[0].strip() or b"0", 16):
            data += request.rfile.read(size)
            request.rfile.readline()
        request.rfile.readline()
        return data
    length = int(request.headers.get("Content-Length") or 0)
    return request.rfile.read(length) if length else None


def _passed(upstream: str, request: BaseHTTPRequestHandler, body: bytes | None) -> Answer:
    headers = {k: v for k, v in request.headers.items() if k.lower() not in _HOP}
    connection = http.client.HTTPConnection(upstream, timeout=60)
    try:
        connection.request(request.command, request.path, body=body, headers=headers)
        reply = connection.getresponse()
        data = reply.read()
        return reply.status, [(k, v) for k, v in reply.getheaders() if k.lower() not in _HOP], data
    finally:
        connection.close()
