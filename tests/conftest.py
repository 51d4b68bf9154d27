"""Shared fixtures: git is isolated from the machine's configuration in every test."""
from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.helpers import Result, run_cli


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
        return run_cli(capsys, *args)

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
def busybox_image(docker_available: bool, tmp_path_factory: pytest.TempPathFactory) -> str:
    """A local base image: a busybox-static rootfs imported with `docker import` (no internet)."""
    import shutil
    import subprocess

    busybox = shutil.which("busybox") or "/bin/busybox"
    if not Path(busybox).exists():
        _require("busybox-static is not installed")
    done = subprocess.run(["docker", "image", "inspect", BUSYBOX_IMAGE], capture_output=True)
    if done.returncode == 0:
        return BUSYBOX_IMAGE
    root = tmp_path_factory.mktemp("rootfs")
    (root / "bin").mkdir()
    shutil.copy2(busybox, root / "bin" / "busybox")
    for applet in ("sh", "ls", "cat", "echo", "rm", "mkdir", "ln", "test", "true", "false", "dd", "cp",
                   "mv", "chmod", "grep", "head", "env", "sleep", "readlink", "find", "wc", "[", "which"):
        if applet != "busybox":
            (root / "bin" / applet).symlink_to("busybox")
    for d in ("etc", "tmp", "usr/bin", "usr/lib", "var"):
        (root / d).mkdir(parents=True, exist_ok=True)
    tar = subprocess.run(["tar", "-C", str(root), "-cf", "-", "."], capture_output=True, check=True)
    subprocess.run(["docker", "import", "--change", "CMD [\"/bin/sh\"]", "-", BUSYBOX_IMAGE],
                   input=tar.stdout, capture_output=True, check=True)
    return BUSYBOX_IMAGE
