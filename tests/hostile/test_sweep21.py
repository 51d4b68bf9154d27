"""Hostile-input sweep 21: a symbolic link loop at a path a person names, git's advice taken for its reason
(a lock file another git left, no identity to commit with), the caller's pathspec settings, and a
revision git reads as a negation.  Real git, real processes; one line and a documented exit code, never a
traceback, and the user's checkout and branches as they were."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.helpers import build_example, run_cli
from tests.hostile.test_config_files import one_error_line


# -- a symbolic link loop at a path a person names -------------------------------------------------------------
@pytest.mark.parametrize(
    "argv",
    [
        ("audit", "--repo", "{fork}", "--config", "{config}", "--output", "{loop}"),
        ("audit", "--repo", "{fork}", "--config", "{config}", "--output", "{loop}/report.json"),
        ("init", "--repo", "{fork}", "--config", "{loop}", "--image", "ghcr.io/me/fork", "--dry-run"),
        ("audit", "--repo", "{loop}", "--config", "{config}"),
        ("ledger", "check", "--config", "{loop}"),
        ("demo", "{loop}"),
        ("image-report", "oci:{loop}"),
        ("build", "--repo", "{fork}", "--config", "{config}", "--version", "v0.29.0", "--dockerfile", "{pair}"),
    ],
    ids=["output", "output-below", "init-config", "audit-repo", "config", "demo", "image-report", "dockerfile"],
)
def test_a_symlink_loop_a_person_names_is_one_line_that_says_so(tmp_path: Path, argv: tuple[str, ...]) -> None:
    """Python's ``Path.resolve()`` (3.10-3.12) raises RuntimeError, not the OSError (ELOOP) of every other call,
    on a link loop: ``--output loop`` and ``init --config loop`` were a traceback, exit 3.  The one error
    handler takes it for the OSError it is (one line naming the path, exit 2), and the places that said what
    is not there said "no such directory", "config folder does not exist", "is a file, not a folder" or
    "Dockerfile ... does not exist" of a loop: now each says it is a symbolic link loop."""
    ex = build_example(tmp_path / "ex")
    (tmp_path / "loop").symlink_to("loop")
    (tmp_path / "pair-a").symlink_to("pair-b")
    (tmp_path / "pair-b").symlink_to("pair-a")
    places = {"fork": ex.fork, "config": ex.config, "loop": tmp_path / "loop", "pair": tmp_path / "pair-a"}
    line = one_error_line(run_cli(*(part.format(**places) for part in argv), cwd=tmp_path))
    assert re.search("symbolic link loop|symlink loop", line), line
    assert str(tmp_path / "loop") in line or str(tmp_path / "pair-a") in line, line


def test_a_link_to_nothing_says_where_it_leads(tmp_path: Path) -> None:
    """A link whose target does not exist is named with its target (it was "config folder does not exist",
    while ``ls`` shows the name there)."""
    (tmp_path / "config").symlink_to("gone-folder")
    line = one_error_line(run_cli("ledger", "check", "--config", tmp_path / "config"))
    assert "symbolic link to gone-folder" in line, line
