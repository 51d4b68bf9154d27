"""`aeon-release release` ends with what it made: read the summary a new user sees."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import git, run_cli
from tests.pipeline.conftest import ReleaseSetup

pytestmark = [pytest.mark.docker, pytest.mark.registry]


def test_release_ends_with_a_summary_and_notes_in_the_current_directory(
    capsys: pytest.CaptureFixture[str], release_setup: ReleaseSetup, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    here = tmp_path / "cwd"
    here.mkdir()
    monkeypatch.chdir(here)
    ex = release_setup.example
    result = run_cli(
        "release",
        "v0.29.0",
        "--repo",
        ex.fork,
        "--config",
        ex.config,
        "--repository",
        release_setup.repository,
        "--dockerfile",
        release_setup.dockerfile,
        "--tag",
        release_setup.image_tag,
        "--date",
        "2026-09-11",
    )
    assert result.code == 0, result.err
    branch = git(ex.fork, "rev-parse", "aeon-v0.29.0")[:12]
    repo = release_setup.repository
    out = result.out
    assert "released v0.29.0" in out
    assert f"branch:  aeon-v0.29.0 at {branch}" in out
    assert "image:   sha256:" in out and release_setup.image_tag in out
    assert f"tag:     {repo}:2026-09-11-v0.29.0 = sha256:" in out
    # the verify command, as printed, with the key the release signed with (the suite's AEON_SIGNING_KEY)
    assert f"verify:  aeon-release verify {repo}:2026-09-11-v0.29.0\n" in out
    assert f"pull:    docker pull {repo}@sha256:" in out
    assert "notes:   release-notes-v0.29.0.md" in out
    assert (here / "release-notes-v0.29.0.md").is_file()
    # progress lines on stderr carry the facts too
    assert "build: done: image sha256:" in result.err and "notes: done: release-notes-v0.29.0.md" in result.err
