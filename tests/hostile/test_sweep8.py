"""Hostile-input sweep 8: git settings the caller's environment carries (``GIT_CONFIG_PARAMETERS``,
``GIT_INDEX_FILE``), Python too deeply nested for the merge-aware checks' own walks.  Real git, real
processes; one line and a documented exit code, never a traceback, and no finding lost."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.hostile.conftest import config_with, git, make_repo, run_limited
from tests.hostile.test_config_files import TIMEOUT

MARKER = "<<<<<<< HEAD\nours\n=======\ntheirs\n>>>>>>> branch\n"


# -- the caller's git settings ------------------------------------------------------------------------
def test_git_config_parameters_run_no_program_in_an_audit(tmp_path: Path) -> None:
    """``git -c`` settings reach git as GIT_CONFIG_PARAMETERS, which git reads after GIT_CONFIG_COUNT: a
    core.fsmonitor there outranked the tool's own ``core.fsmonitor=false`` and ran on every ls-files."""
    repo = make_repo(tmp_path / "repo", {"a.py": "x = 1\n"})
    make_repo(repo, {"a.py": MARKER})
    (repo / "a.py").touch()  # stat-dirty: git asks the monitor which files changed
    ran = tmp_path / "ran"
    program = tmp_path / "program.sh"
    program.write_text(f'#!/bin/sh\necho "$0 $*" >> {ran}\n')
    program.chmod(0o755)
    parameters = f"'core.fsmonitor'='{program}' 'core.pager'='{program}'"
    config = config_with(tmp_path)
    for extra in ([], ["--rev", "HEAD"], ["--changed-since", "HEAD~1"]):
        run = run_limited(
            "audit", "--repo", repo, "--config", config, *extra,
            env={"GIT_CONFIG_PARAMETERS": parameters}, timeout=TIMEOUT,
        )  # fmt: skip
        assert run.code == 1 and "conflict" in run.out, run.err
    assert not ran.exists(), ran.read_text()


@pytest.mark.parametrize("index", ["nowhere", "other"])
def test_git_index_file_never_changes_what_the_audit_lists(tmp_path: Path, index: str) -> None:
    """A tracked file that .gitignore matches is audited like any other; an index the caller's
    GIT_INDEX_FILE named instead (none, another repository's) left it out as ignored: exit 0."""
    repo = make_repo(tmp_path / "repo", {".gitignore": "vendor/\n", "a.py": "x = 1\n"})
    (repo / "vendor").mkdir()
    (repo / "vendor" / "v.py").write_text(MARKER)
    git(repo, "add", "--force", "vendor/v.py")
    git(repo, "commit", "-q", "-m", "vendored")
    other = make_repo(tmp_path / "other", {"a.py": "x = 1\n"})
    value = tmp_path / "no-index" if index == "nowhere" else other / ".git" / "index"
    run = run_limited(
        "audit", "--repo", repo, "--config", config_with(tmp_path),
        env={"GIT_INDEX_FILE": str(value)}, timeout=TIMEOUT,
    )  # fmt: skip
    assert run.code == 1 and "vendor/v.py" in run.out, run.out + run.err
