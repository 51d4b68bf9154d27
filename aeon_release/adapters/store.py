"""Run state: one JSON record per release run, under the fork's git directory.

State lives in ``<git-common-dir>/aeon-release/runs/<tag>/`` so that it is shared by every linked
worktree and never shows up as untracked files in the user's checkout.  Writes are atomic
(write a temporary file, then rename), so a run killed at any point leaves either the old or the
new record, never half of one.
"""
from __future__ import annotations

import contextlib
import enum
import fcntl
import json
import os
import shutil
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from collections.abc import Iterator
from typing import Any

from aeon_release.adapters import files
from aeon_release.errors import redact_data


class Phase(enum.Enum):
    RUNNING = "running"  # a step is under way (or the process died during it)
    CONFLICT = "conflict"  # stopped for a person to resolve conflicts in the worktree
    AUDIT_FAILED = "audit-failed"  # stopped on error-level audit findings
    COMMIT_REFUSED = "commit-refused"  # a commit hook (or commit signing) refused a commit
    DONE = "done"


@dataclass
class RunState:
    tag: str
    branch: str
    previous_branch: str
    previous_sha: str
    tag_sha: str
    merge_base: str
    worktree: str  # where the worktree goes when the run stops for a person (none while it runs)
    config_dir: str
    upstream_branch: str | None
    phase: str = Phase.RUNNING.value
    steps_done: list[str] = field(default_factory=list)
    current: str | None = None  # "step" or "step:item" being worked on
    pending_message: str | None = None  # commit message for a resolved patch application
    carries: dict[str, dict[str, Any]] = field(default_factory=dict)
    picks: dict[str, dict[str, Any]] = field(default_factory=dict)
    conflicts: list[dict[str, Any]] = field(default_factory=list)
    audit: dict[str, Any] | None = None
    waivers: list[dict[str, str]] = field(default_factory=list)
    fixes: list[dict[str, Any]] = field(default_factory=list)  # audit fixes applied by `merge --continue --fix`
    timings: dict[str, float] = field(default_factory=dict)
    upstream_commits: int = 0
    tag_on_upstream_branch: bool | None = None
    branch_sha: str | None = None
    pid: int = 0
    head: str | None = None  # the tip of the branch being built (commits exist only as objects)
    pending: dict[str, Any] | None = None  # the commit a person is to conclude: item, kind, parents, author

    @property
    def phase_enum(self) -> Phase:
        return Phase(self.phase)


def runs_dir(common_dir: Path) -> Path:
    return common_dir / "aeon-release" / "runs"


def worktrees_dir(common_dir: Path) -> Path:
    return common_dir / "aeon-release" / "worktrees"


def cache_dir(common_dir: Path) -> Path:
    """The audit's findings cache (safe to delete)."""
    return common_dir / "aeon-release" / "cache"


def run_dir(common_dir: Path, tag: str) -> Path:
    return runs_dir(common_dir) / tag


def load(common_dir: Path, tag: str) -> RunState | None:
    path = run_dir(common_dir, tag) / "state.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None
    except (OSError, ValueError) as exc:
        from aeon_release.errors import StateError

        raise StateError(f"{path}: run state is unreadable ({exc})", "run `aeon-release merge --abort` to start over") from None
    known = {f.name for f in fields(RunState)}
    unknown = sorted(set(data) - known) if isinstance(data, dict) else ["(not a mapping)"]
    if unknown:
        from aeon_release.errors import StateError

        raise StateError(f"{path}: run state has keys this aeon-release does not know: {', '.join(unknown)}",
                         "was it written by a newer aeon-release? use that version, or `merge --abort`")
    try:
        return RunState(**data)
    except TypeError as exc:
        from aeon_release.errors import StateError

        raise StateError(f"{path}: run state is incomplete ({exc})", "run `aeon-release merge --abort`") from None


def save(common_dir: Path, state: RunState) -> None:
    write_json(run_dir(common_dir, state.tag) / "state.json", asdict(state))


def all_runs(common_dir: Path) -> list[RunState]:
    base = runs_dir(common_dir)
    if not base.is_dir():
        return []
    states = (load(common_dir, p.name) for p in sorted(base.iterdir())
              if not p.name.startswith(".") and (p / "state.json").exists())
    return [s for s in states if s is not None]


def remove(common_dir: Path, tag: str) -> None:
    shutil.rmtree(run_dir(common_dir, tag), ignore_errors=True)


def write_json(path: Path, data: Any) -> None:
    # Run records may hold a registry's error message: redacted like everything else the tool writes.
    files.write_text(path, json.dumps(redact_data(data), indent=2, default=str) + "\n", what="run record")


def update_record(common_dir: Path, tag: str, sections: dict[str, Any]) -> dict[str, Any]:
    """Set sections of the run record (``runs/TAG/record.json``) that `notes` reads; keep the others."""
    path = run_dir(common_dir, tag) / "record.json"
    record: dict[str, Any] = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {"tag": tag}
    record.update(sections)
    write_json(path, record)
    return record


def pid_alive(pid: int) -> bool:
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


@contextlib.contextmanager
def exclusive(common_dir: Path) -> Iterator[None]:
    """One aeon-release run at a time per repository: two at once would fight over the worktree."""
    path = common_dir / "aeon-release" / "lock"
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a+") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            handle.seek(0)
            holder = handle.read().strip() or "unknown"
            from aeon_release.errors import StateError

            raise StateError(f"another aeon-release run is working in this repository (pid {holder})",
                             "wait for it to finish, or see `aeon-release status`") from None
        handle.seek(0)
        handle.truncate()
        handle.write(str(os.getpid()))
        handle.flush()
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def archive(common_dir: Path, tag: str) -> Path | None:
    """Move a finished run's folder aside (its branch was deleted, so the merge is redone)."""
    folder = run_dir(common_dir, tag)
    if not folder.exists():
        return None
    import time

    target = runs_dir(common_dir) / f".{tag}.replaced-{int(time.time())}"
    os.replace(folder, target)
    return target
