"""Shared fixtures: git is isolated from the machine's configuration in every test."""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest


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
def repo_root() -> Path:
    return Path(__file__).resolve().parent.parent
