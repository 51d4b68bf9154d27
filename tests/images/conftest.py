"""Fixtures for the image tests: a small fork repo, the fixture Dockerfile, the CLI, cleanup.

Every image these tests build is named ``aeon-test-image/...`` and carries the label
``aeon-test-session=<id>`` (the fixture Dockerfile sets it before any other step, so intermediate
images carry it too); at the end of the session every image with this session's label is removed.
Another engineer uses the same engine: nothing else is touched.
"""

from __future__ import annotations

import functools
import subprocess
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests import helpers

DATA = Path(__file__).parent / "data"
ROOT = Path(__file__).resolve().parents[2]
SESSION = uuid.uuid4().hex[:12]


# The one CLI runner, run from the repository root (its fleet.yaml is `build`'s default --config).
run_cli = functools.partial(helpers.run_cli, cwd=ROOT)


@pytest.fixture(scope="session")
def session_id() -> str:
    return SESSION


@pytest.fixture(scope="session")
def docker_client(docker_available: bool) -> Iterator[Any]:
    import docker

    client = docker.from_env()
    try:
        yield client
    finally:
        _remove_session_images(client)
        client.close()


def _remove_session_images(client: Any) -> None:
    """Remove this session's images, children before parents (several passes: creation times
    have one-second resolution, so an order by time alone is not enough)."""
    import docker.errors

    label = {"label": f"aeon-test-session={SESSION}"}
    remaining = {i["Id"] for i in client.api.images(all=True, filters=label)}
    while remaining:
        removed = set()
        for image_id in sorted(remaining):
            try:
                client.api.remove_image(image_id, force=True)
                removed.add(image_id)
            except docker.errors.ImageNotFound:
                removed.add(image_id)
            except docker.errors.APIError:
                pass  # still has a child: the next pass gets it
        if not removed:
            break
        remaining = {i["Id"] for i in client.api.images(all=True, filters=label)}


@pytest.fixture(scope="session")
def base_image(busybox_image: str, docker_client: Any) -> str:
    return busybox_image


@pytest.fixture
def fork_repo(tmp_path: Path) -> Path:
    """A tiny fork checkout with one commit: VERSION.txt says which tree an image was built from."""
    repo = tmp_path / "fork"
    repo.mkdir()
    (repo / "VERSION.txt").write_text("committed\n")
    (repo / "vllm").mkdir()
    (repo / "vllm" / "__init__.py").write_text('__version__ = "0.29.0"\n')
    for args in (["init", "-q"], ["add", "."], ["commit", "-q", "-m", "fork at v0.29.0"]):
        subprocess.run(["git", *args], cwd=repo, check=True, capture_output=True)
    return repo


def head_sha(repo: Path) -> str:
    return subprocess.run(
        ["git", "rev-parse", "HEAD"], cwd=repo, check=True, capture_output=True, text=True
    ).stdout.strip()


@pytest.fixture
def fixture_dockerfile() -> Path:
    return DATA / "Dockerfile.fixture"


def image_tag(name: str) -> str:
    return f"aeon-test-image/{name}-{SESSION}:1"


def build_fixture_image(client: Any, dockerfile_text: str, tag: str, files: dict[str, bytes] | None = None) -> str:
    """Build a throwaway image straight through the SDK (not through aeon-release)."""
    import io
    import tarfile

    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w") as tar:
        for name, data in {"Dockerfile": dockerfile_text.encode(), **(files or {})}.items():
            info = tarfile.TarInfo(name)
            info.size, info.mode = len(data), 0o755
            tar.addfile(info, io.BytesIO(data))
    buffer.seek(0)
    # nocache: the cache probe reads every child of the base image, and another worker's session cleanup
    # removing its own children meanwhile fails the build ('unable to find image "sha256:..."').
    image, _ = client.images.build(
        fileobj=buffer,
        custom_context=True,
        tag=tag,
        rm=True,
        forcerm=True,
        nocache=True,
        buildargs={"AEON_TEST_SESSION": SESSION},
    )
    return str(image.id)


# Every fixture image starts like this, so that cleanup finds it and its intermediate images.
HEADER = 'FROM aeon-test/busybox:1\nARG AEON_TEST_SESSION=none\nLABEL aeon-test-session="${AEON_TEST_SESSION}"\n'
