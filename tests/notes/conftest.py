"""Notes fixtures: the recorded v0.27.1 run, the CLI run in-process, a fork repo with the record in it."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

DATA = Path(__file__).parent / "data"
GOLDEN = Path(__file__).parent / "golden"


@pytest.fixture
def record() -> dict[str, Any]:
    """A fresh copy of the recorded v0.27.1 run (577 upstream commits, 7 conflicts)."""
    data: dict[str, Any] = json.loads((DATA / "record-v0.27.1.json").read_text())
    return data


@pytest.fixture
def write_record(tmp_path: Path) -> Callable[[Any], Path]:
    def write(data: Any, name: str = "record.json") -> Path:
        path = tmp_path / name
        path.write_text(data if isinstance(data, str) else json.dumps(data))
        return path

    return write


@pytest.fixture
def fork_with_record(tmp_path: Path, record: dict[str, Any]) -> Path:
    """A fork checkout and a linked worktree; the run record sits in the shared git dir."""
    main_tree = tmp_path / "fork"
    main_tree.mkdir()
    git = ["git", "-C", str(main_tree)]
    subprocess.run([*git, "init", "-q"], check=True)
    (main_tree / "README").write_text("fork\n")
    subprocess.run([*git, "add", "README"], check=True)
    subprocess.run([*git, "commit", "-qm", "init"], check=True)
    subprocess.run([*git, "worktree", "add", "-q", str(tmp_path / "wt"), "-b", "aeon-v0.27.1"], check=True)
    from aeon_release.adapters.store import RunStore

    store = RunStore(main_tree / ".git", "v0.27.1")
    store.folder.mkdir(parents=True)
    store.update_record(record)  # as the runs write it: sealed
    return tmp_path / "wt"


def golden(name: str, actual: str) -> str:
    """The golden text; AEON_UPDATE_GOLDEN=1 rewrites it from ``actual`` (review the diff!)."""
    import os

    path = GOLDEN / name
    if os.environ.get("AEON_UPDATE_GOLDEN") == "1":
        path.parent.mkdir(exist_ok=True)
        path.write_text(actual)
    return path.read_text()
