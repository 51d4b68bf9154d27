"""arm64 for real on this amd64 machine: BuildKit + QEMU, an arm64 busybox base, the platform check."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from aeon_release.pipeline import build

from .conftest import SESSION, image_tag, run_cli

pytestmark = pytest.mark.docker


def _arm64_fixture(dockerfile: Path, base: str, tmp_path: Path) -> Path:
    text = dockerfile.read_text().replace("FROM aeon-test/busybox:1", f"FROM {base}")
    target = tmp_path / "Dockerfile.arm64"
    target.write_text(text)
    return target


def test_an_arm64_image_builds_runs_and_is_verified_through_qemu(
    docker_client: Any, arm64_busybox_image: str, fork_repo: Path, fixture_dockerfile: Path, tmp_path: Path
) -> None:
    tag = image_tag("arm64")
    dockerfile = _arm64_fixture(fixture_dockerfile, arm64_busybox_image, tmp_path)
    clock = time.monotonic()
    report = build.build_image(
        build.BuildRequest(
            repo=fork_repo,
            version="v0.29.0",
            dockerfile=dockerfile,
            tag=tag,
            platform="linux/arm64",
            build_args=(f"AEON_TEST_SESSION={SESSION}",),
            skip_audit="fixture",
        )
    )
    seconds = time.monotonic() - clock
    assert report.ok and report.image is not None
    assert report.image.architecture == "arm64" and report.image.platform == "linux/arm64"
    assert docker_client.images.get(tag).attrs["Architecture"] == "arm64"
    # The RUN steps ran arm64 binaries under QEMU: the load-bearing check did too, and passed.
    assert report.check["ok"] and report.as_dict()["target_platform"] == "linux/arm64"
    ran = docker_client.containers.run(tag, entrypoint=["uname", "-m"], remove=True, platform="linux/arm64")
    assert ran == b"aarch64\n"
    print(f"arm64 build through QEMU: {seconds:.1f} s")


def test_an_image_whose_binaries_are_another_architecture_fails_naming_both(
    docker_client: Any, arm64_busybox_image: str, fork_repo: Path, tmp_path: Path
) -> None:
    # `FROM --platform=linux/arm64` inside a linux/amd64 build: BuildKit writes amd64 into the
    # config, but every binary is arm64.  The config alone would pass; the check runs the shell.
    dockerfile = tmp_path / "Dockerfile"
    dockerfile.write_text(
        f"FROM --platform=linux/arm64 {arm64_busybox_image}\nARG AEON_TEST_SESSION=none\n"
        'LABEL aeon-test-session="${AEON_TEST_SESSION}"\nRUN echo arm64 files > /marker\n'
    )
    tag = image_tag("mismatch")
    result = run_cli(
        "build",
        "--repo",
        str(fork_repo),
        "--version",
        "v0.29.0",
        "--dockerfile",
        str(dockerfile),
        "--tag",
        tag,
        "--platform",
        "linux/amd64",
        "--build-arg",
        f"AEON_TEST_SESSION={SESSION}",
        "--skip-audit",
        "fixture",
    )
    assert result.code == 1, result.stderr
    assert (
        f"error: image {tag} is linux/amd64 by its config, but its binaries are aarch64 (linux/arm64); "
        "the build was for linux/amd64"
    ) in result.stderr
    assert not docker_client.images.list(name=tag)  # the wrong image is removed


def test_exec_format_error_says_how_to_register_qemu() -> None:
    # Unregistering QEMU would break the other engineers' builds on this shared engine: the
    # failure BuildKit reports then is replayed through the same parser instead.
    from aeon_release.adapters import buildkit

    log = buildkit.PlainLog()
    log.feed(
        [
            "#5 [2/3] RUN uname -m",
            "#5 0.101 exec /bin/sh: exec format error",
            '#5 ERROR: process "/bin/sh -c uname -m" did not complete successfully: exit code: 1',
        ]
    )
    failed = build._named_parts(log.failure("x:1", 1))
    assert "update-binfmts --enable qemu-aarch64" in (failed.hint or "") and failed.step == "step 2/3 (RUN uname -m)"
