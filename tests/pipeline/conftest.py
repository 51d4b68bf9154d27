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
            str(HERE / "Dockerfile.pipeline"),
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
    import docker

    run_id = uuid.uuid4().hex[:10]
    example = build_example(tmp_path / "ex")
    setup = ReleaseSetup(
        example,
        registry,
        f"127.0.0.1:{registry.port}/aeon/vllm-{run_id}",
        f"aeon-test-pipeline/{run_id}:v0.29.0",
        tmp_path / "notes.md",
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
