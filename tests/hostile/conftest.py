"""Hostile input: real git objects, real symlinks and FIFOs, real HTTP servers on 127.0.0.1.

Anything that could exhaust the machine runs in a child process under an address-space limit
(RLIMIT_AS) and a wall-clock timeout: a regression then fails its test instead of the machine.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MEMORY_LIMIT = 1536 * 1024 * 1024  # bytes of address space for one CLI run
TIME_LIMIT = 60.0


@dataclass(frozen=True)
class Run:
    code: int
    out: str
    err: str
    seconds: float


def run_limited(
    *args: str | Path,
    cwd: Path | None = None,
    memory: int = MEMORY_LIMIT,
    timeout: float = TIME_LIMIT,
    env: Mapping[str, str] | None = None,
) -> Run:
    """`python -m aeon_release ARGS` in a child under a memory limit and a timeout."""
    import time

    code = (
        "import resource, runpy, sys\n"
        f"resource.setrlimit(resource.RLIMIT_AS, ({memory}, {memory}))\n"
        "sys.argv = ['aeon-release', *sys.argv[1:]]\n"
        "runpy.run_module('aeon_release', run_name='__main__')\n"
    )
    full_env = {**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}
    started = time.monotonic()
    done = subprocess.run(
        [sys.executable, "-c", code, *map(str, args)], capture_output=True, cwd=cwd, env=full_env, timeout=timeout
    )
    return Run(
        done.returncode,
        done.stdout.decode("utf-8", "replace"),
        done.stderr.decode("utf-8", "replace"),
        time.monotonic() - started,
    )


def git(repo: Path, *args: str | bytes, input: bytes | None = None) -> str:
    done = subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True, input=input)
    return done.stdout.decode("utf-8", "replace").strip()


def make_repo(path: Path, files: Mapping[bytes | str, bytes | str], message: str = "commit") -> Path:
    """A git repository whose work tree and HEAD hold ``files`` (bytes names allowed)."""
    if not (path / ".git").exists():
        path.mkdir(parents=True, exist_ok=True)
        git(path, "init", "-q")
    write_files(path, files)
    git(path, "add", "-A")
    git(path, "commit", "-q", "--allow-empty", "-m", message)
    return path


def write_files(root: Path, files: Mapping[bytes | str, bytes | str]) -> None:
    for name, content in files.items():
        raw = name if isinstance(name, bytes) else name.encode()
        target = os.path.join(os.fsencode(root), raw)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "wb") as handle:
            handle.write(content if isinstance(content, bytes) else content.encode())


def config_with(tmp_path: Path, rules: str = "") -> Path:
    """A config folder; ``rules`` is one audits/*.yaml (empty: no rules of its own)."""
    config = tmp_path / "config"
    (config / "audits").mkdir(parents=True, exist_ok=True)
    if rules:
        (config / "audits" / "rules.yaml").write_text(rules)
    return config


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    """A folder outside every repository, with a file that must never change or leak."""
    folder = tmp_path / "outside"
    folder.mkdir()
    (folder / "bashrc").write_text("export SECRET_TOKEN=hunter2-outside\n")
    return folder
