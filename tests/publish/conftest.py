"""A real registry (Debian's docker-registry, distribution 2.8) on 127.0.0.1, and real images.

Each test gets its own registry process with its own storage and a free port; one variant has
htpasswd auth.  dockerd treats 127.0.0.0/8 registries as insecure, so pushes go over plain HTTP.
"""
from __future__ import annotations

import ctypes
import ctypes.util
import io
import shutil
import socket
import subprocess
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

REGISTRY_BIN = "docker-registry"
USER = "alice"
PASSWORD = "s3cret-Pa55-word"
TOKEN_ISSUER = "aeon-test-issuer"
TOKEN_SERVICE = "aeon-test-registry"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def bcrypt_line(user: str, password: str) -> str:
    """An htpasswd line with a bcrypt hash, from the system's libcrypt (libxcrypt does bcrypt)."""
    name = ctypes.util.find_library("crypt")
    if name is None:
        pytest.fail("libcrypt is missing: cannot write the registry's htpasswd file")
    lib = ctypes.CDLL(name)
    lib.crypt_gensalt.restype = ctypes.c_char_p
    lib.crypt.restype = ctypes.c_char_p
    salt = lib.crypt_gensalt(b"$2y$", 5, None, 0)
    hashed = lib.crypt(password.encode(), salt) if salt else None
    if not hashed or not hashed.startswith(b"$2"):
        pytest.fail("this libcrypt cannot make bcrypt hashes")
    return f"{user}:{hashed.decode()}\n"


class RegistryProcess:
    """One docker-registry process; stop() and start() keep the port and the storage."""

    def __init__(self, root: Path, auth: str | None, token_realm: str = "") -> None:
        self.root = root
        self.port = _free_port()
        self.host = f"127.0.0.1:{self.port}"
        self.auth = auth
        self.token_realm = token_realm
        self.config = root / "config.yml"
        self.config.write_text(self._config_text())
        self.process: subprocess.Popen[bytes] | None = None

    def _config_text(self) -> str:
        text = (
            "version: 0.1\nlog:\n  level: error\n  accesslog:\n    disabled: true\n"
            f"storage:\n  filesystem:\n    rootdirectory: {self.root / 'data'}\n  delete:\n    enabled: true\n"
            f"http:\n  addr: {self.host}\n  secret: aeon-test-secret\n"
        )
        if self.auth == "htpasswd":
            (self.root / "htpasswd").write_text(bcrypt_line(USER, PASSWORD))
            text += f"auth:\n  htpasswd:\n    realm: aeon-test\n    path: {self.root / 'htpasswd'}\n"
        elif self.auth == "token":
            text += (f"auth:\n  token:\n    realm: {self.token_realm}\n    service: {TOKEN_SERVICE}\n"
                     f"    issuer: {TOKEN_ISSUER}\n    rootcertbundle: {self.root / 'token-cert.pem'}\n")
        return text

    def start(self) -> None:
        log = (self.root / "registry.log").open("ab")
        with log:
            self.process = subprocess.Popen([REGISTRY_BIN, "serve", str(self.config)], stdout=log, stderr=log)
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            if self._answers():
                return
            if self.process.poll() is not None:
                break
            time.sleep(0.05)
        self.stop()
        pytest.fail(f"docker-registry did not start: {(self.root / 'registry.log').read_text()[-2000:]}")

    def _answers(self) -> bool:
        try:
            with urllib.request.urlopen(f"http://{self.host}/v2/", timeout=1):
                return True
        except urllib.error.HTTPError as error:
            error.close()
            return error.code == 401
        except OSError:
            return False

    def stop(self) -> None:
        """Stop the process for real (SIGTERM, then SIGKILL)."""
        if self.process is None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.process = None


def _start(tmp_path: Path, auth: str | None, token_realm: str = "") -> Iterator[RegistryProcess]:
    if shutil.which(REGISTRY_BIN) is None:
        pytest.skip("docker-registry is not installed (Debian package docker-registry)")
    root = tmp_path / f"registry-{auth or 'open'}"
    root.mkdir()
    registry = RegistryProcess(root, auth, token_realm)
    if auth == "token":
        shutil.copy(tmp_path / "token-issuer" / "cert.pem", root / "token-cert.pem")
    registry.start()
    try:
        yield registry
    finally:
        registry.stop()


@pytest.fixture
def registry(tmp_path: Path) -> Iterator[RegistryProcess]:
    yield from _start(tmp_path, auth=None)


@pytest.fixture
def auth_registry(tmp_path: Path) -> Iterator[RegistryProcess]:
    """A registry with htpasswd (Basic) auth: user USER, password PASSWORD."""
    yield from _start(tmp_path, auth="htpasswd")


@pytest.fixture
def token_registry(tmp_path: Path) -> Iterator[RegistryProcess]:
    """A registry with bearer-token auth, the scheme ghcr.io and Docker Hub use.

    The registry is the real one and verifies real RS256-signed tokens; the token issuer is a small
    HTTP server in this process (tests/publish/token_server.py), since Debian ships no token service.
    """
    from tests.publish.token_server import TokenServer

    with TokenServer(tmp_path / "token-issuer", USER, PASSWORD, TOKEN_ISSUER, TOKEN_SERVICE) as issuer:
        yield from _start(tmp_path, auth="token", token_realm=issuer.realm)


# -- images ----------------------------------------------------------------------------------
ImageMaker = Callable[..., str]


@pytest.fixture
def run_id() -> str:
    """Unique in image and repository names: `aeon-test-publish/<run_id>-...`, cleaned up after."""
    return uuid.uuid4().hex[:10]


def fleet_store(folder: Path) -> Path:
    """``folder`` as a git repository: its git dir holds the build records publish trusts."""
    if not (folder / ".git").exists():
        subprocess.run(["git", "init", "-q", str(folder)], check=True, capture_output=True)
    return subprocess.run(["git", "-C", str(folder), "rev-parse", "--path-format=absolute", "--git-common-dir"],
                          check=True, capture_output=True, text=True).stdout.strip()


@pytest.fixture
def make_image(busybox_image: str, run_id: str, tmp_path: Path) -> Iterator[ImageMaker]:
    """Build small distinct images on the busybox rootfs; every tag with this run's id is removed after.

    ``audit`` is what the fleet's build recorded for the image (in ``tmp_path``'s git dir, the
    store `aeon-release build` writes); ``recorded=False`` makes an image the fleet never built,
    with the same labels (a forgery by copying labels)."""
    import docker

    from aeon_release.domain import attestation

    client = docker.from_env()

    def make(name: str, audit: str | None = "passed", recorded: bool = True) -> str:
        ref = f"aeon-test-publish/{run_id}-{name}:1"
        labels = f'LABEL org.aeon-release.test="{run_id}-{name}"\n'
        if audit is not None:
            labels += f'LABEL org.aeon-release.audit.status="{audit}" org.aeon-release.audit.detail="test"\n'
        dockerfile = f"FROM {busybox_image}\n{labels}"
        image, _ = client.images.build(fileobj=io.BytesIO(dockerfile.encode()), tag=ref, rm=True)
        store = Path(fleet_store(tmp_path))
        if audit is not None and recorded:
            attestation.record(store, attestation.Provenance(
                str(image.id), ref, "0" * 40, "linux/amd64", "2026-09-11T00:00:00Z",
                {"status": audit, "detail": "test", "revision": "0" * 40, "report_sha256": "ab" * 32}))
        return ref

    try:
        yield make
    finally:
        mine = f"aeon-test-publish/{run_id}"
        for image in client.images.list():
            names = [*image.tags, *(image.attrs.get("RepoDigests") or [])]
            if any(mine in name for name in names):  # tags and the digests a push leaves behind
                client.images.remove(image.id, force=True)
        client.close()
