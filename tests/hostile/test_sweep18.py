"""Hostile-input sweep 18: the run record ``notes`` reads, edited by hand; a registry whose digest headers
lie to ``releases``, ``rollback`` and ``verify``; ``audit --repo /`` (a folder that is no checkout, of
the whole file system); ``demo`` in a place no folder can be made; an empty path option.  Real git,
real processes, a real HTTP server; one line and a documented exit code, never a traceback, and the
user's checkout, index and branches as they were."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import build_example, run_cli
from tests.hostile.test_config_files import one_error_line


# -- the run record notes reads, edited by hand ---------------------------------------------------------------
@pytest.fixture(scope="module")
def merged(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A real merge run that finished, and its run record."""
    ex = build_example(tmp_path_factory.mktemp("rec") / "ex")
    done = run_cli("merge", "v0.29.0", "--repo", ex.fork, "--config", ex.config, "--no-fetch")
    assert done.code == 0, done.err
    return ex.fork, ex.config


def test_a_run_record_edited_by_hand_makes_no_notes(merged: tuple[Path, Path], tmp_path: Path) -> None:
    """record.json was not sealed: a carry the merge lost, marked ``kept`` by hand (or an audit of no
    errors), went into the release notes as the run's word.  ``--record FILE`` is still read as given."""
    fork, config = merged
    path = fork / ".git" / "aeon-release" / "runs" / "v0.29.0" / "record.json"
    good = path.read_text()
    assert run_cli("notes", "v0.29.0", "--repo", fork, "--config", config).code == 0
    record = json.loads(good)
    record["merge"]["carries"][0]["title"] = "reviewed by security: nothing to see"
    try:
        path.write_text(json.dumps(record))
        line = one_error_line(run_cli("notes", "v0.29.0", "--repo", fork, "--config", config))
        assert "record.json: not the run record the v0.29.0 runs last wrote" in line and "--record" in line, line
        (tmp_path / "mine.json").write_text(json.dumps(record))
        given = run_cli("notes", "v0.29.0", "--record", tmp_path / "mine.json", "--config", config)
        assert given.code == 0 and "nothing to see" in given.out, given.err
        path.write_text(json.dumps(json.loads(good), indent=4))  # its own, in any layout
        assert run_cli("notes", "v0.29.0", "--repo", fork, "--config", config).code == 0
    finally:
        path.write_text(good)


def test_a_run_record_edited_by_hand_is_never_sealed_by_the_next_stage(tmp_path: Path) -> None:
    """``release`` adds its build and publish sections to the record the merge wrote: adding them to an
    edited one sealed the edit as the runs' word."""
    from aeon_release.adapters.store import RunStore
    from aeon_release.errors import StateError

    store = RunStore(tmp_path / ".git", "v1.0.0")
    store.folder.mkdir(parents=True)
    store.update_record({"merge": {"upstream_commits": 3}})
    assert store.load_record() == {"tag": "v1.0.0", "merge": {"upstream_commits": 3}}
    store.record_file.write_text(json.dumps({"tag": "v1.0.0", "merge": {"upstream_commits": 0}}))
    with pytest.raises(StateError, match=r"not the run record the v1\.0\.0 runs last wrote: it was edited since"):
        store.update_record({"build": {"seconds": 1}})
    (store.folder / "record.sealed").unlink()
    with pytest.raises(StateError, match="it has no seal"):
        store.load_record()
