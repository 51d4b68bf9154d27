"""Shared fixtures: git is isolated from the machine's configuration in every test."""
from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from aeon_release.adapters.sandbox import RegistryProcess
from tests.helpers import Result, run_cli


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """With pytest-xdist (--dist loadgroup), the tests of a module with module-scoped fixtures (the
    fixture images) run on one worker, so each image is built once; every other test is balanced."""
    for item in items:
        info = getattr(item, "_fixtureinfo", None)
        defs = info.name2fixturedefs.values() if info is not None else ()
        if any(d.scope == "module" for chain in defs for d in chain):
            item.add_marker(pytest.mark.xdist_group(item.module.__name__ if item.module else item.nodeid))


@pytest.fixture(autouse=True)
def isolated_git(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    home = tmp_path_factory.mktemp("home")
    gitconfig = home / ".gitconfig"
    gitconfig.write_text("[init]\n\tdefaultBranch = main\n[advice]\n\tdetachedHead = false\n")
    env = {
        "HOME": str(home),
        "GIT_CONFIG_GLOBAL": str(gitconfig),
        "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_AUTHOR_NAME": "Aeon Test",
        "GIT_AUTHOR_EMAIL": "test@aeon.invalid",
        "GIT_COMMITTER_NAME": "Aeon Test",
        "GIT_COMMITTER_EMAIL": "test@aeon.invalid",
        "GIT_AUTHOR_DATE": "2026-08-16T12:00:00+00:00",
        "GIT_COMMITTER_DATE": "2026-08-16T12:00:00+00:00",
        "GIT_TERMINAL_PROMPT": "0",
    }
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    yield


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str]) -> Callable[..., Result]:
    """Run ``aeon-release ARGS`` in-process through the real entry point and error handler."""

    def run(*args: str | Path) -> Result:
        return run_cli(*args)

    return run


@pytest.fixture
def repo_root() -> Path:
    return Path(__file__).resolve().parent.parent


# -- Docker ----------------------------------------------------------------------------------
BUSYBOX_IMAGE = "aeon-test/busybox:1"


def _require(reason: str) -> None:
    """Skip locally, but fail in CI: a suite that silently skips its real-engine tests lies."""
    import os

    if os.environ.get("CI"):
        pytest.fail(reason)
    pytest.skip(reason)


@pytest.fixture(scope="session")
def docker_available() -> bool:
    import docker

    try:
        client = docker.from_env()
        client.ping()
        client.close()
    except Exception as exc:  # noqa: BLE001 - any failure means no engine
        _require(f"no Docker engine: {exc}")
    return True


@pytest.fixture(scope="session")
def busybox_image(docker_available: bool) -> str:
    """A local base image: the busybox-static rootfs imported into the engine (no internet), by the
    same launcher `aeon-release demo --docker` uses."""
    from aeon_release.adapters import sandbox
    from aeon_release.adapters.docker import Engine
    from aeon_release.errors import ServiceError

    with Engine.connect() as engine:
        if engine.exists(BUSYBOX_IMAGE):
            return BUSYBOX_IMAGE
        try:
            rootfs = sandbox.busybox_rootfs()
        except ServiceError as missing:
            _require(missing.message)
        engine.import_rootfs(rootfs, BUSYBOX_IMAGE, changes=['CMD ["/bin/sh"]'])
    return BUSYBOX_IMAGE


# -- the registry ----------------------------------------------------------------------------
REGISTRY_BIN = "docker-registry"


@pytest.fixture(scope="session")
def shared_registry(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RegistryProcess]:
    """One open docker-registry on 127.0.0.1 for the session (per xdist worker), by the launcher
    `aeon-release demo --docker` uses; tests keep apart by repository name."""
    import shutil

    from aeon_release.adapters.sandbox import local_registry

    if shutil.which(REGISTRY_BIN) is None:
        pytest.skip("docker-registry is not installed (Debian package docker-registry)")
    with local_registry(tmp_path_factory.mktemp("registry")) as registry:
        yield registry


@pytest.fixture
def registry(shared_registry: RegistryProcess) -> Iterator[RegistryProcess]:
    """The session's registry, running: a test may stop() it (the registry-down cases); it is
    started again before the next test."""
    if not shared_registry.running:
        shared_registry.start()
    yield shared_registry
    if not shared_registry.running:
        shared_registry.start()
