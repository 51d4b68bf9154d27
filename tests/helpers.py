"""Test helpers: run the CLI in-process exactly as the console script does."""
from __future__ import annotations

import json
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from aeon_release.cli import main


@dataclass(frozen=True)
class Result:
    code: int
    out: str
    err: str

    def json(self) -> Any:
        return json.loads(self.out)


def run_cli(capsys: pytest.CaptureFixture[str], *args: str | Path) -> Result:
    capsys.readouterr()
    try:
        main([str(a) for a in args])
        code = 0
    except SystemExit as exc:
        code = int(exc.code or 0)
    captured = capsys.readouterr()
    return Result(code, captured.out, captured.err)


def git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True, text=True).stdout.strip()


def snapshot(repo: Path) -> tuple[str, str, str, str]:
    """What the user sees of their checkout: HEAD, branch, status, and every branch ref."""
    return (
        git(repo, "rev-parse", "HEAD"),
        git(repo, "symbolic-ref", "--short", "-q", "HEAD"),
        git(repo, "status", "--porcelain", "--untracked-files=all"),
        git(repo, "for-each-ref", "--format=%(refname) %(objectname)", "refs/heads"),
    )
