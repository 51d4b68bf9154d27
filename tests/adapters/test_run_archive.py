"""A finished merge run kept aside when its tag is merged again (its branch deleted since)."""

from __future__ import annotations

from pathlib import Path

from aeon_release.adapters.store import RunStore


def _finished_run(git_dir: Path, body: str) -> RunStore:
    store = RunStore(git_dir, "v0.29.0")
    store.folder.mkdir(parents=True, exist_ok=True)
    (store.folder / "report.json").write_text(body)
    return store


def test_two_runs_kept_aside_in_one_second_keep_both(tmp_path: Path) -> None:
    """Both folders stay whole: the second archive within a second went into the first's folder."""
    first = _finished_run(tmp_path, "first").archive()
    second = _finished_run(tmp_path, "second").archive()
    assert first is not None and second is not None and first != second
    assert (first / "report.json").read_text() == "first"
    assert (second / "report.json").read_text() == "second"
    assert not RunStore(tmp_path, "v0.29.0").folder.exists()


def test_a_release_keeps_its_state_and_an_empty_run_moves_nothing(tmp_path: Path) -> None:
    store = RunStore(tmp_path, "v0.29.0")
    store.folder.mkdir(parents=True)
    store.pipeline_file.write_text("{}")
    assert store.archive() is None
    assert store.pipeline_file.read_text() == "{}"
    assert [p.name for p in RunStore.runs_of(tmp_path).iterdir()] == ["v0.29.0"]
