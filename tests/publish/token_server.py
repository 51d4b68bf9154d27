"""A minimal token issuer for distribution's bearer-token auth (the docker token spec).

It checks Basic credentials at GET /token and answers with an RS256 JWT, signed with `openssl`,
whose header carries the certificate (x5c) that the registry trusts through `rootcertbundle`.
The registry verifies the signature, issuer, audience, expiry and granted actions for real.
"""

from __future__ import annotations

import base64
import json
import subprocess
import threading
import time
import urllib.parse
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from types import TracebackType
from typing import Any


def _b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


class TokenServer:
    def __init__(self, folder: Path, user: str, password: str, issuer: str, service: str) -> None:
        folder.mkdir(parents=True)
        self.key, self.cert = folder / "key.pem", folder / "cert.pem"
        subprocess.run(
            [
                "openssl",
                "req",
                "-x509",
                "-newkey",
                "rsa:2048",
                "-nodes",
                "-keyout",
                str(self.key),
                "-out",
                str(self.cert),
                "-days",
                "2",
                "-subj",
                f"/CN={issuer}",
            ],
            check=True,
            capture_output=True,
        )
        der = subprocess.run(
            ["openssl", "x509", "-in", str(self.cert), "-outform", "DER"], check=True, capture_output=True
        ).stdout
        self.x5c = base64.b64encode(der).decode()
        self.expected = "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode()
        self.user, self.issuer, self.service = user, issuer, service
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.realm = f"http://127.0.0.1:{self.server.server_address[1]}/token"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> TokenServer:
        self.thread.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None, tb: TracebackType | None) -> None:
        self.server.shutdown()
        self.server.server_close()
        self.thread.join()

    def token(self, scopes: list[str]) -> str:
        now = int(time.time())
        access = []
        for scope in scopes:
            kind, name, actions = scope.split(":")
            access.append({"type": kind, "name": name, "actions": actions.split(",")})
        header = {"typ": "JWT", "alg": "RS256", "x5c": [self.x5c]}
        claims = {
            "iss": self.issuer,
            "sub": self.user,
            "aud": self.service,
            "exp": now + 300,
            "nbf": now - 10,
            "iat": now,
            "jti": uuid.uuid4().hex,
            "access": access,
        }
        signing_input = f"{_b64url(json.dumps(header).encode())}.{_b64url(json.dumps(claims).encode())}"
        signature = subprocess.run(
            ["openssl", "dgst", "-sha256", "-sign", str(self.key)],
            input=signing_input.encode(),
            check=True,
            capture_output=True,
        ).stdout
        return f"{signing_input}.{_b64url(signature)}"

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        issuer = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 - http.server's naming
                url = urllib.parse.urlparse(self.path)
                if url.path != "/token" or self.headers.get("Authorization") != issuer.expected:
                    self._reply(401, {"details": "bad credentials"})
                    return
                scopes = urllib.parse.parse_qs(url.query).get("scope", [])
                token = issuer.token(scopes)
                self._reply(200, {"token": token, "access_token": token, "expires_in": 300})

            def _reply(self, status: int, body: dict[str, Any]) -> None:
                data = json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - quiet
                pass

        return Handler
