"""`aeon-release demo`: offline, seconds, the silent killer caught and fixed, notes written."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import git, run_cli


def test_demo_catches_the_killer_and_writes_notes(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    result = run_cli("demo", tmp_path / "demo")
    assert result.code == 0, result.err
    assert "caught before any build" in result.out
    assert "[kv-quant/literals-match-enum]" in result.out
    assert "vllm/v1/attention/backends/triton_attn.py:6" in result.out
    notes = (tmp_path / "demo" / "release-notes-v0.29.0.md").read_text()
    assert "#52816" in notes and "XQA on SM12x regresses GPQA accuracy" in notes
    fork = tmp_path / "demo" / "fork"
    assert "KVQuantMode.NVFP4" in git(fork, "show", "aeon-v0.29.0:vllm/v1/attention/backends/triton_attn.py")


def test_demo_refuses_a_non_empty_folder(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    (tmp_path / "x").write_text("mine")
    result = run_cli("demo", tmp_path)
    assert result.code == 2 and "not empty" in result.err
    assert (tmp_path / "x").read_text() == "mine"


@pytest.mark.docker
@pytest.mark.registry
def test_demo_with_docker_builds_and_publishes(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, docker_available: bool
) -> None:
    import docker

    result = run_cli("demo", "--docker", tmp_path / "demo")
    assert result.code == 0, result.err
    notes = (tmp_path / "demo" / "release-notes-v0.29.0.md").read_text()
    assert "docker pull 127.0.0.1:" in notes and "@sha256:" in notes
    releases = (tmp_path / "demo" / "config" / "releases.yaml").read_text()
    assert "-v0.29.0" in releases
    client = docker.from_env()
    try:
        image = client.images.get("aeon-demo/vllm-ultimate:v0.29.0")
        assert not [t for t in image.tags if t.startswith("127.0.0.1:")]  # the demo untagged them
        client.images.remove(image.id, force=True)
    finally:
        client.close()
