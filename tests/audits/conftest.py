"""Fixtures for the audit tests: small trees, rule folders and real git repositories with merges."""

from __future__ import annotations

import subprocess
from collections.abc import Callable, Mapping
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]


def write_tree(root: Path, files: Mapping[str, str]) -> Path:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


class GitRepo:
    """A real repository driven by the git binary, for merges that git itself performs."""

    def __init__(self, path: Path) -> None:
        self.path = path
        path.mkdir(parents=True, exist_ok=True)
        self.git("init", "--quiet")

    def git(self, *args: str, check: bool = True) -> str:
        done = subprocess.run(["git", *args], cwd=self.path, capture_output=True, text=True)
        if check and done.returncode != 0:
            raise AssertionError(f"git {' '.join(args)} failed: {done.stderr}{done.stdout}")
        return done.stdout.strip()

    def commit(self, files: Mapping[str, str], message: str) -> str:
        write_tree(self.path, files)
        self.git("add", "--all")
        self.git("commit", "--quiet", "-m", message)
        return self.git("rev-parse", "HEAD")

    def merge(self, rev: str) -> str:
        """A merge that must be clean: the silent killers are exactly the merges git did not flag."""
        self.git("merge", "--no-ff", "--no-edit", "--quiet", rev)
        return self.git("rev-parse", "HEAD")


@pytest.fixture
def tree(tmp_path: Path) -> Callable[[Mapping[str, str]], Path]:
    def make(files: Mapping[str, str]) -> Path:
        return write_tree(tmp_path / "tree", files)

    return make


@pytest.fixture
def rules_dir(tmp_path: Path) -> Callable[..., Path]:
    """A config folder with audits/<name>.yaml files from keyword arguments."""

    def make(**files: str) -> Path:
        config = tmp_path / "config"
        (config / "audits").mkdir(parents=True, exist_ok=True)
        for name, text in files.items():
            (config / "audits" / f"{name}.yaml").write_text(text, encoding="utf-8")
        return config

    return make


@pytest.fixture
def git_repo(tmp_path: Path) -> GitRepo:
    return GitRepo(tmp_path / "repo")


@pytest.fixture
def fleet_config() -> Path:
    """The fleet's real rules (top-level audits/), so the tests prove those rules catch the killers."""
    return REPO_ROOT


def config_without_rules(root: Path) -> Path:
    """A config folder without fleet rules: only the engine's merge-aware checks run."""
    (root / "audits").mkdir(parents=True, exist_ok=True)
    (root / "audits" / "none.yaml").write_text("rules: []\n")
    return root


@pytest.fixture
def no_rules(tmp_path: Path) -> Path:
    return config_without_rules(tmp_path / "cfg")
