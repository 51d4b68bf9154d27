"""Class 4: credentials go to the registry and its own token realm only; no written file keeps a secret.

The registries here are real HTTP servers on loopback addresses: 127.0.0.1 is "the registry",
127.0.0.2 is another host (all of 127.0.0.0/8 is loopback on Linux).
"""

from __future__ import annotations

import base64
import hashlib
import json
import threading
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from aeon_release import errors
from aeon_release.adapters import store
from aeon_release.adapters.console import emit_json
from aeon_release.adapters.registry import Credentials, Registry, Repository
from aeon_release.errors import ServiceError

USER, PASSWORD = "ci-bot", "s3cret-Registry-pw"
BASIC = "Basic " + base64.b64encode(f"{USER}:{PASSWORD}".encode()).decode()
DIGEST = "sha256:65d8" + "a" * 60


class Host:
    """One HTTP server; ``answer(handler)`` -> (status, headers, body); every request's headers are kept."""

    def __init__(self, address: str, answer: Callable[[BaseHTTPRequestHandler], tuple[int, dict[str, str], bytes]]):
        seen = self.seen = []  # type: list[dict[str, str]]

        class Handler(BaseHTTPRequestHandler):
            def _any(self) -> None:
                seen.append({"path": self.path, **{k.lower(): v for k, v in self.headers.items()}})
                status, headers, body = answer(self)
                self.send_response(status)
                for key, value in {**headers, "Content-Length": str(len(body))}.items():
                    self.send_header(key, value)
                self.end_headers()
                if self.command != "HEAD":
                    self.wfile.write(body)

            do_GET = do_HEAD = do_PUT = _any  # noqa: N815

            def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
                pass

        self.httpd = ThreadingHTTPServer((address, 0), Handler)
        self.host = f"{address}:{self.httpd.server_address[1]}"
        threading.Thread(target=self.httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()

    def authorizations(self) -> list[str]:
        return [h["authorization"] for h in self.seen if "authorization" in h]


@pytest.fixture
def hosts() -> Iterator[Callable[..., Host]]:
    made: list[Host] = []

    def make(address: str, answer: Callable[[BaseHTTPRequestHandler], tuple[int, dict[str, str], bytes]]) -> Host:
        made.append(Host(address, answer))
        return made[-1]

    yield make
    for host in made:
        host.httpd.shutdown()
        host.httpd.server_close()


def _registry(host: Host) -> Registry:
    return Registry(Repository(host.host, "team/app"), Credentials(USER, PASSWORD), timeout=5, deadline=10)


def _basic_then(
    redirect_to: Callable[[], str],
) -> Callable[[BaseHTTPRequestHandler], tuple[int, dict[str, str], bytes]]:
    def answer(handler: BaseHTTPRequestHandler) -> tuple[int, dict[str, str], bytes]:
        if handler.headers.get("Authorization") != BASIC:
            return 401, {"WWW-Authenticate": 'Basic realm="registry"'}, b""
        return 307, {"Location": redirect_to() + handler.path}, b""

    return answer


@pytest.mark.parametrize("other", ["127.0.0.2", "127.0.0.1"], ids=["another-host", "same-host-other-port"])
def test_a_redirect_never_carries_the_credentials(hosts: Callable[..., Host], other: str) -> None:
    manifest = b'{"schemaVersion": 2}'  # a manifest: sweep 39 refuses an answer that is none (``{}`` was served)
    target = hosts(other, lambda h: (200, {"Docker-Content-Digest": DIGEST}, manifest))
    registry = hosts("127.0.0.1", _basic_then(lambda: f"http://{target.host}"))

    served = "sha256:" + hashlib.sha256(manifest).hexdigest()  # the bytes served, hashed, whatever the header says
    assert _registry(registry).digest("latest") == served
    assert registry.authorizations() == [BASIC]  # the registry itself got them, after its challenge
    assert target.seen and target.authorizations() == []


def test_a_host_a_redirect_names_never_gets_credentials_for_its_challenge(hosts: Callable[..., Host]) -> None:
    thief = hosts("127.0.0.2", lambda h: (401, {"WWW-Authenticate": 'Basic realm="give me"'}, b""))
    registry = hosts("127.0.0.1", lambda h: (307, {"Location": f"http://{thief.host}{h.path}"}, b""))

    with pytest.raises(ServiceError, match="none were sent"):
        _registry(registry).digest("latest")
    assert thief.authorizations() == [] and registry.authorizations() == []


def test_a_token_realm_on_another_host_gets_nothing(hosts: Callable[..., Host]) -> None:
    realm = hosts("127.0.0.2", lambda h: (200, {"Content-Type": "application/json"}, b'{"token": "t"}'))
    registry = hosts(
        "127.0.0.1", lambda h: (401, {"WWW-Authenticate": f'Bearer realm="http://{realm.host}/token",service="r"'}, b"")
    )

    with pytest.raises(ServiceError, match="credentials were not sent"):
        _registry(registry).digest("latest")
    assert realm.seen == []


@pytest.mark.parametrize(
    ("registry_host", "realm", "allowed"),
    [
        ("ghcr.io", "https://ghcr.io/token", True),
        ("registry-1.docker.io", "https://auth.docker.io/token", True),
        ("ghcr.io", "http://ghcr.io/token", False),  # a downgrade to plain HTTP
        ("ghcr.io", "https://evil.example/token", False),
        ("ghcr.io", "https://ghcr.io.evil.example/token", False),
    ],
)
def test_which_token_realms_may_see_the_password(registry_host: str, realm: str, allowed: bool) -> None:
    registry = Registry(Repository(registry_host, "team/app"), Credentials(USER, PASSWORD))
    if allowed:
        registry._check_realm(realm)
    else:
        with pytest.raises(ServiceError, match="were not sent"):
            registry._check_realm(realm)


def test_a_trickling_registry_cannot_hold_a_publish(hosts: Callable[..., Host]) -> None:
    import time

    def slow(handler: BaseHTTPRequestHandler) -> tuple[int, dict[str, str], bytes]:
        time.sleep(3)
        return 200, {}, b"{}"

    registry = Registry(Repository(hosts("127.0.0.1", slow).host, "team/app"), None, timeout=5, deadline=1)
    started = time.monotonic()
    with pytest.raises(ServiceError, match="no complete answer within 1s"):
        registry.digest("latest")
    assert time.monotonic() - started < 2.5


@pytest.fixture
def secrets(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(errors, "_SECRETS", set())


def test_run_records_are_redacted(tmp_path: Path, secrets: None) -> None:
    errors.register_secret(PASSWORD)
    message = f"registry 127.0.0.1:5000 failed: HTTP 500 unauthorized: user {USER} password {PASSWORD}"
    store.write_json(tmp_path / "runs" / "pipeline.json", {"stages": [{"error": message, "detail": [PASSWORD]}]})

    text = (tmp_path / "runs" / "pipeline.json").read_text()
    assert PASSWORD not in text and "***" in text and json.loads(text)


@pytest.mark.parametrize("password", ["sha256", "65d8", "latest", "aaaa"])
def test_a_short_password_never_corrupts_a_digest(
    capsys: pytest.CaptureFixture[str], secrets: None, password: str
) -> None:
    errors.register_secret(password)
    emit_json({"digest": DIGEST, "pull": f"127.0.0.1:5000/team/app@{DIGEST}"})
    assert json.loads(capsys.readouterr().out) == {"digest": DIGEST, "pull": f"127.0.0.1:5000/team/app@{DIGEST}"}
    assert errors.redact(f"login with password {password} failed") == "login with password *** failed"


@pytest.mark.parametrize("password", ['pa"ss\\w0rd', "pässwörd-ü"])
def test_a_secret_json_would_escape_is_still_redacted(
    capsys: pytest.CaptureFixture[str], secrets: None, password: str
) -> None:
    errors.register_secret(password)
    emit_json({"error": f"login failed for {password}"})
    out = capsys.readouterr().out
    assert json.loads(out) == {"error": "login failed for ***"}
