from __future__ import annotations

import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from aeon_release.adapters.sandbox import RegistryProcess
from aeon_release.commands import demo_repo as demo
from tests.helpers import build_example

HERE = Path(__file__).resolve().parent


@dataclass(frozen=True)
class ReleaseSetup:
    example: demo.Example
    registry: RegistryProcess
    repository: str
    image_tag: str
    notes: Path
    dockerfile: Path  # this test's own copy: its image has an id no other test's build shares

    def args(self, *extra: str) -> list[str]:
        return [
            "release",
            "v0.29.0",
            "--repo",
            str(self.example.fork),
            "--config",
            str(self.example.config),
            "--repository",
            self.repository,
            "--dockerfile",
            str(self.dockerfile),
            "--tag",
            self.image_tag,
            "--notes",
            str(self.notes),
            "--date",
            "2026-09-11",
            *extra,
        ]


@pytest.fixture
def release_setup(tmp_path: Path, registry: RegistryProcess, busybox_image: str) -> Iterator[ReleaseSetup]:
    yield from release_in(tmp_path, registry)


def release_in(tmp_path: Path, registry: RegistryProcess) -> Iterator[ReleaseSetup]:
    """The release_setup fixture's body, for a fixture of another folder's tests (a stopped release's)."""
    import docker

    run_id = uuid.uuid4().hex[:10]
    example = build_example(tmp_path / "ex")
    # Every worker builds the same example: without a label of its own, two tests' images would be
    # one image id, and one test's cleanup (a forced removal by id) would delete the image another
    # test is about to push ("No such image" in its publish stage).
    dockerfile = tmp_path / "Dockerfile.pipeline"
    dockerfile.write_text((HERE / "Dockerfile.pipeline").read_text() + f'LABEL aeon-test-run="{run_id}"\n')
    setup = ReleaseSetup(
        example,
        registry,
        f"127.0.0.1:{registry.port}/aeon/vllm-{run_id}",
        f"aeon-test-pipeline/{run_id}:v0.29.0",
        tmp_path / "notes.md",
        dockerfile,
    )
    yield setup
    client = docker.from_env()
    try:
        for image in client.images.list(name=f"aeon-test-pipeline/{run_id}") + client.images.list(
            name=setup.repository
        ):
            client.images.remove(image.id, force=True)
    except docker.errors.DockerException:
        pass
    finally:
        client.close()
