"""The run state's records are typed (CarryRecord, PickRecord, status enums) and serialized in one
place (adapters/store.py); the JSON on disk keeps the shape older versions wrote, byte for byte."""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

import pytest

from aeon_release.adapters.store import (
    CarryRecord,
    CarryStatus,
    PendingCommit,
    PickRecord,
    PickStatus,
    RunStore,
)
from aeon_release.commands import demo_repo as demo
from aeon_release.errors import StateError
from tests.helpers import build_example, git, run_cli

SHA = "1" * 40


def _older_state() -> dict[str, Any]:
    """A state.json as the dict-record versions wrote it (stopped inside a carry's commits)."""
    carry = {"id": "uma", "title": "UMA clamp", "upstream_pr": None, "status": "kept", "evidence": "on the branch"}
    missing = {
        "id": "docs",
        "title": "Docs",
        "upstream_pr": 7,
        "status": "missing",
        "evidence": "1 marker(s) gone after the merge",
        "warning": "review it",
        "missing_markers": ["docs/a.md: x"],
    }
    pick = {"ref": "#7", "sha": SHA, "subject": "Fix (#7)", "reason": "r", "status": "already-in-tag", "evidence": "e"}
    return {
        "tag": "v0.29.0",
        "branch": "aeon-v0.29.0",
        "previous_branch": "aeon-v0.27.1",
        "previous_sha": SHA,
        "tag_sha": SHA,
        "merge_base": SHA,
        "worktree": "/nowhere",
        "config_dir": "/nowhere",
        "upstream_branch": None,
        "phase": "conflict",
        "steps_done": ["merge"],
        "current": f"carries:side:{SHA}",
        "pending_message": None,
        "carries": {
            "uma": carry,
            "docs": missing,
            "side": {"status": "applying", "done": [SHA], "by_hand": {SHA: "kept"}},
            "by-hand": {"status": "dropped-by-hand", "evidence": "the person resolving the conflict dropped the patch"},
        },
        "picks": {"#7": pick},
        "conflicts": [{"file": "docs/a.md", "carries": ["docs"], "during": "applying carry side"}],
        "audit": None,
        "waivers": [],
        "fixes": [],
        "timings": {"merge": 0.5},
        "upstream_commits": 3,
        "tag_on_upstream_branch": None,
        "branch_sha": None,
        "pid": 0,
        "head": SHA,
        "pending": {
            "item": f"carries:side:{SHA}",
            "kind": "commit",
            "parents": [SHA],
            "message": "Carry: side",
            "author": {"GIT_AUTHOR_NAME": "A"},
            "in_worktree": False,
        },
    }


def test_an_older_state_file_loads_typed_and_is_written_back_byte_for_byte(tmp_path: Path) -> None:
    store = RunStore(tmp_path, "v0.29.0")
    store.folder.mkdir(parents=True)
    # the run's worktree is always the store's place: one recorded elsewhere is a copied repository's
    text = json.dumps(_older_state() | {"worktree": str(store.worktree)}, indent=2) + "\n"
    store.state_file.write_text(text)
    state = store.load()
    assert state is not None
    assert state.carries["side"] == CarryRecord(CarryStatus.APPLYING, done=[SHA], by_hand={SHA: "kept"})
    assert state.carries["docs"].status is CarryStatus.MISSING and state.carries["docs"].missing_markers
    assert state.picks["#7"] == PickRecord("#7", SHA, "Fix (#7)", "r", PickStatus.ALREADY_IN_TAG, "e")
    assert not state.carries["side"].status.final and state.carries["by-hand"].status.final
    assert state.pending == PendingCommit(
        f"carries:side:{SHA}", "commit", (SHA,), "Carry: side", {"GIT_AUTHOR_NAME": "A"}, in_worktree=False
    )
    store.save(state)
    assert store.state_file.read_text() == text


@pytest.mark.parametrize(
    ("record", "problem"),
    [
        ({"status": "kept", "shiny": 1}, "shiny"),
        ({"status": "sideways"}, "sideways"),
        ({"evidence": "no status"}, "status"),
    ],
)
def test_a_carry_record_it_cannot_read_is_a_clean_error(tmp_path: Path, record: dict[str, Any], problem: str) -> None:
    store = RunStore(tmp_path, "v0.29.0")
    store.folder.mkdir(parents=True)
    store.state_file.write_text(json.dumps(_older_state() | {"carries": {"x": record}}))
    with pytest.raises(StateError, match="run state is incomplete") as info:
        store.load()
    assert problem in str(info.value)


def test_a_carry_commit_that_conflicts_is_resolved_by_hand_and_recorded(tmp_path: Path) -> None:
    """A carry commit the branch lacks is cherry-picked; its conflict is resolved in the worktree."""
    ex = build_example(tmp_path / "ex")
    git(ex.fork, "checkout", "-q", "-b", "side", "aeon-v0.27.1")
    demo.commit(demo.Git(ex.fork), "Carry: side tweak", {"docs/serving.md": "Serving guide, fork side.\n"})
    side = git(ex.fork, "rev-parse", "HEAD")
    git(ex.fork, "checkout", "-q", "aeon-v0.27.1")
    up = demo.Git(ex.upstream)
    demo.commit(up, "Docs (#51001)", {"docs/serving.md": "Serving guide, upstream.\n"})
    up.run("tag", "-a", "v0.30.0", "-m", "v0.30.0")
    with (ex.config / "carries.yaml").open("a") as fh:
        fh.write(f"  - id: side-docs\n    title: side docs\n    status: active\n    commits: [{side}]\n")
    stopped = run_cli("merge", "v0.30.0", "--repo", ex.fork, "--config", ex.config, "--json")
    assert stopped.code == 1, stopped.err
    state = RunStore(ex.fork / ".git", "v0.30.0").load()
    assert state is not None and state.carries["side-docs"] == CarryRecord(CarryStatus.APPLYING, done=[])
    assert state.current == f"carries:side-docs:{side}"
    worktree = Path(json.loads(stopped.out)["worktree"])
    (worktree / "docs" / "serving.md").write_text("Serving guide, both.\n")
    git(worktree, "add", "docs/serving.md")
    done = run_cli("merge", "--continue", "--repo", ex.fork, "--json")
    assert done.code == 0, done.err
    [carry] = [c for c in json.loads(done.out)["carries"] if c["id"] == "side-docs"]
    assert carry == {
        "id": "side-docs",
        "title": "side docs",
        "upstream_pr": None,
        "status": "applied",
        "evidence": "cherry-picked 1 commit(s); 1 resolved by hand",
    }
    assert git(ex.fork, "show", "aeon-v0.30.0:docs/serving.md") == "Serving guide, both."


def test_a_resumed_run_whose_head_is_gone_is_refused_before_anything_is_touched(tmp_path: Path) -> None:
    """The branch being built exists only as objects (state.head): a pruned one is named, not built on."""
    ex = build_example(tmp_path / "ex")
    demo.commit(
        demo.Git(ex.fork), "Fork's own DFlash 2 stub", {"vllm/model_executor/models/dflash2.py": "LAYERS = 1\n"}
    )
    stopped = run_cli("merge", "v0.29.0", "--repo", ex.fork, "--config", ex.config)
    assert stopped.code == 1, stopped.err  # the pick conflicts, after the merge and the carries
    store = RunStore(ex.fork / ".git", "v0.29.0")
    data = json.loads(store.state_file.read_text())
    assert data["steps_done"] == ["merge", "carries"]
    store.state_file.write_text(json.dumps(data | {"head": "0" * 40}))
    before = store.state_file.read_text()
    result = run_cli("merge", "--continue", "--repo", ex.fork)
    assert result.code == 2 and "run's head 000000000000 is gone" in result.err, result.err
    assert store.state_file.read_text() == before


def test_an_items_result_is_saved_with_the_next_items_start_or_its_steps_end(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A carry's or a pick's result is written by the save that comes next (the next item's start, before
    it changes anything, or the step's end), not by a save of its own: between the two the run only reads,
    and each save renames two files over the last ones (a merge with two carries and two picks saved 13
    states).  Every state written is one a run saving at once leaves when killed there."""
    ex = build_example(tmp_path / "ex")
    saved: list[dict[str, Any]] = []
    real_save = RunStore.save

    def save(store: RunStore, state: Any) -> None:  # watches what is written, and writes it
        saved.append(json.loads(json.dumps(state.as_dict(), default=str)))
        real_save(store, state)

    monkeypatch.setattr(RunStore, "save", save)
    done = run_cli("merge", "v0.29.0", "--repo", ex.fork, "--config", ex.config, "--json")
    assert done.code == 0, done.err
    report = json.loads(done.out)
    assert len(report["carries"]) == 2 and len([p for p in report["picks"] if p["status"] == "applied"]) >= 1
    for before, state in itertools.pairwise(saved):
        for step in ("carries", "picks"):
            if state[step] != before[step]:  # an item's result: the next item started, or the step ended
                assert state["current"] or step in state["steps_done"], (step, state["current"], state[step])
    assert [state["phase"] for state in saved].count("done") == 1  # the finished run, saved with its step's end
    final = saved[-1]
    assert {c["id"] for c in report["carries"]} == set(final["carries"])  # every result written in the end
    assert final["picks"].keys() == {p["ref"] for p in report["picks"] if p["status"] != "skipped"}
