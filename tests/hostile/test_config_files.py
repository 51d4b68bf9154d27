"""Every file the tool reads from a config folder or a path a person names, made hostile: each is
one error line with a hint and exit 2, never a traceback and never a hang (real FIFOs, a symlink
to /dev/zero, real folders; CLI runs under a memory limit and a timeout)."""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from aeon_release.adapters.yamlio import Where
from aeon_release.errors import AeonError, ConfigError, GitError, NeedsHuman, ServiceError, StateError, format_error
from tests.hostile.conftest import Run, config_with, make_repo, run_limited

TIMEOUT = 20.0


def one_error_line(run: Run) -> str:
    """The run's one error line, checked: exit 2, no traceback, a hint."""
    assert run.code == 2, run.err
    assert "Traceback" not in run.err and "crashed" not in run.err, run.err
    lines = [line for line in run.err.splitlines() if line.startswith("error:")]
    assert len(lines) == 1, run.err
    assert "(hint: " in lines[0], lines[0]
    return lines[0]


def _fifo(path: Path) -> None:
    os.mkfifo(path)


def _dev_zero(path: Path) -> None:
    path.symlink_to("/dev/zero")


def _folder(path: Path) -> None:
    path.mkdir()


def _loop(path: Path) -> None:
    path.symlink_to(path.name)


def _bytes(data: bytes) -> Callable[[Path], None]:
    return lambda path: path.write_bytes(data)


# What each kind must say: the file's name and what is wrong with it.
KINDS: dict[str, tuple[Callable[[Path], None], str]] = {
    "fifo": (_fifo, "not a regular file"),
    "dev-zero": (_dev_zero, "not a regular file"),
    "folder": (_folder, "a folder"),
    "symlink-loop": (_loop, "symlink loop|cannot be read"),
    "utf-16": (_bytes("carries: []\n".encode("utf-16")), "not UTF-8"),
    "huge-integer": (_bytes(b"x: " + b"9" * 5000 + b"\n"), "malformed YAML"),
    "nested-5000-deep": (_bytes(b"[" * 5000 + b"]" * 5000), "nested more than"),
    "a-list": (_bytes(b"- a\n- b\n"), "expected a mapping"),
    "a-set": (_bytes(b"!!set {a, b}\n"), "expected a mapping"),
    "over-the-cap": (_bytes(b"# " + b"x" * (9 * 1024 * 1024) + b"\n"), "more than"),
}
# Each file, and the command that reads it.
FILES = {
    "carries.yaml": "audit",
    "cherry_picks.yaml": "ledger",
    "fleet.yaml": "audit",
    "audits/rules.yaml": "audit",
}


@pytest.mark.parametrize("kind", sorted(KINDS))
@pytest.mark.parametrize("name", sorted(FILES))
def test_a_hostile_config_file_is_one_line(tmp_path: Path, name: str, kind: str) -> None:
    make, says = KINDS[kind]
    repo = make_repo(tmp_path / "repo", {"a.py": "x = 1\n"})
    config = config_with(tmp_path, "rules: []\n")
    (config / name).unlink(missing_ok=True)
    make(config / name)
    command = ["ledger", "check"] if FILES[name] == "ledger" else ["audit", "--repo", repo]
    line = one_error_line(run_limited(*command, "--config", config, cwd=tmp_path, timeout=TIMEOUT))
    assert Path(name).name in line and re.search(says, line), line


@pytest.mark.parametrize("kind", ["fifo", "dev-zero", "folder"])
@pytest.mark.parametrize(
    "command",
    [
        ("notes", "v1.0.0", "--record", "{path}"),
        ("verify", "127.0.0.1:9/x:2026-01-01-v1.0.0", "--key", "{path}"),
    ],
    ids=["notes-record", "verify-key"],
)
def test_a_file_a_person_names_never_hangs(tmp_path: Path, kind: str, command: tuple[str, ...]) -> None:
    target = tmp_path / "named"
    KINDS[kind][0](target)
    config = config_with(tmp_path)
    argv = [part.replace("{path}", str(target)) for part in command]
    one_error_line(run_limited(*argv, "--config", config, cwd=tmp_path, timeout=TIMEOUT))


def test_every_error_has_a_hint() -> None:
    # a raise site without a hint gets its file's guide, else its class's default
    guided = Where("carries.yaml", guide="see `aeon-release ledger schema carries`").key("carries").fail("bad")
    assert "ledger schema carries" in (guided.hint or "")
    for cls in (AeonError, ConfigError, GitError, StateError, ServiceError, NeedsHuman):
        assert "(hint: " in format_error(cls("something is wrong"))


@pytest.mark.parametrize(
    "content", [b"{cut sh", b"[1, 2]", b'{"tag": "v1"}', b"\xff\xfe"], ids=["cut", "list", "partial", "binary"]
)
def test_a_damaged_state_file_is_one_line(tmp_path: Path, content: bytes) -> None:
    from aeon_release.adapters.store import RunStore
    from aeon_release.errors import StateError

    store = RunStore(tmp_path / ".git", "v1.0.0")
    store.folder.mkdir(parents=True)
    for path in (store.pipeline_file, store.record_file):
        path.write_bytes(content)
    with pytest.raises(StateError, match="unreadable"):
        store.load_pipeline()
    if content != b'{"tag": "v1"}':  # a record with sections missing is fine: they are added
        with pytest.raises(StateError, match="unreadable"):
            store.update_record({"merge": {}})
