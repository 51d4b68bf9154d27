"""A real registry (Debian's docker-registry, distribution 2.8) on 127.0.0.1, and real images.

The open registry (the ``registry`` fixture, tests/conftest.py) is one process for the session;
tests keep apart by repository name.  The auth variants (htpasswd, token) get
a process each.  dockerd treats 127.0.0.0/8 registries as insecure, so pushes go over plain HTTP.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import io
import shutil
import subprocess
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from aeon_release.adapters.sandbox import RegistryProcess, local_registry
from tests.conftest import REGISTRY_BIN

USER = "alice"
PASSWORD = "s3cret-Pa55-word"
TOKEN_ISSUER = "aeon-test-issuer"
TOKEN_SERVICE = "aeon-test-registry"


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


def _auth_config(root: Path, auth: str | None, token_realm: str) -> str:
    if auth == "htpasswd":
        (root / "htpasswd").write_text(bcrypt_line(USER, PASSWORD))
        return f"auth:\n  htpasswd:\n    realm: aeon-test\n    path: {root / 'htpasswd'}\n"
    if auth == "token":
        return (
            f"auth:\n  token:\n    realm: {token_realm}\n    service: {TOKEN_SERVICE}\n"
            f"    issuer: {TOKEN_ISSUER}\n    rootcertbundle: {root / 'token-cert.pem'}\n"
        )
    return ""


def _start(tmp_path: Path, auth: str | None, token_realm: str = "") -> Iterator[RegistryProcess]:
    if shutil.which(REGISTRY_BIN) is None:
        pytest.skip("docker-registry is not installed (Debian package docker-registry)")
    root = tmp_path / f"registry-{auth or 'open'}"
    root.mkdir()
    if auth == "token":
        shutil.copy(tmp_path / "token-issuer" / "cert.pem", root / "token-cert.pem")
    with local_registry(root, _auth_config(root, auth, token_realm)) as registry:
        yield registry


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
    return subprocess.run(
        ["git", "-C", str(folder), "rev-parse", "--path-format=absolute", "--git-common-dir"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()


@pytest.fixture
def make_image(busybox_image: str, run_id: str, tmp_path: Path) -> Iterator[ImageMaker]:
    """Build small distinct images on the busybox rootfs; every tag with this run's id is removed after.

    ``audit`` is what the fleet's build recorded for the image (in ``tmp_path``'s git dir, the
    store `aeon-release build` writes); ``recorded=False`` makes an image the fleet never built,
    with the same labels (a forgery by copying labels); ``variant`` is the variant the record says it was built as."""
    import docker
    import docker.errors

    from aeon_release.domain import attestation

    client = docker.from_env()

    def make(name: str, audit: str | None = "passed", recorded: bool = True, variant: str | None = None) -> str:
        ref = f"aeon-test-publish/{run_id}-{name}:1"
        # nocache: the classic builder's cache probe walks every child of the base image and fails with
        # 'unable to find image "sha256:..."' when another xdist worker removes its own child of the same
        # base between the listing and the read (moby's GetCachedImage); a build without the probe never looks.
        labels = f'org.aeon-release.test="{run_id}-{name}"'
        if audit is not None:
            labels += f' org.aeon-release.audit.status="{audit}" org.aeon-release.audit.detail="test"'
        dockerfile = f"FROM {busybox_image}\nLABEL {labels}\n"
        image, _ = client.images.build(fileobj=io.BytesIO(dockerfile.encode()), tag=ref, rm=True, nocache=True)
        store = Path(fleet_store(tmp_path))
        if audit is not None and recorded:
            attestation.record(
                store,
                attestation.Provenance(
                    str(image.id),
                    ref,
                    "0" * 40,
                    "linux/amd64",
                    "2026-07-01T00:00:00Z",  # before every date the tests publish as (publish refuses earlier ones)
                    {"status": audit, "detail": "test", "revision": "0" * 40, "report_sha256": "ab" * 32},
                    variant,
                ),
            )
        return ref

    try:
        yield make
    finally:
        mine = f"aeon-test-publish/{run_id}"
        # The raw listing: images.list() inspects each image, and another xdist worker may be
        # removing its own images at the same moment.
        for image in client.api.images():
            names = [*(image.get("RepoTags") or []), *(image.get("RepoDigests") or [])]
            if any(mine in name for name in names):  # tags and the digests a push leaves behind
                with contextlib.suppress(docker.errors.NotFound):
                    client.images.remove(image["Id"], force=True)
        client.close()
