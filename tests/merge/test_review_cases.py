"""Cases a maintainer hits after the happy path: hotfixes, dropped changes, stray files, races."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from aeon_release.adapters.store import RunStore
from aeon_release.commands import demo_repo as demo
from tests.helpers import build_example, git, run_cli, snapshot
from tests.hostile.conftest import spawn_cli, wait_for


def _merge(capsys: pytest.CaptureFixture[str], ex: demo.Example, *args: str | Path):
    return run_cli("merge", *args, "--repo", ex.fork, "--config", ex.config)


def _runs(ex: demo.Example) -> Path:
    return ex.fork / ".git" / "aeon-release" / "runs"


def test_rerun_after_a_hotfix_on_the_branch_keeps_the_record(
    capsys: pytest.CaptureFixture[str], example: demo.Example
) -> None:
    assert _merge(capsys, example, "v0.29.0").code == 0
    git(example.fork, "worktree", "add", "-q", str(example.root / "hotfix"), "aeon-v0.29.0")
    demo.commit(demo.Git(example.root / "hotfix"), "Hotfix", {"HOTFIX": "1\n"})
    again = _merge(capsys, example, "v0.29.0")
    assert again.code == 0
    assert "already merged" in again.err and "moved on since" in again.err
    assert (_runs(example) / "v0.29.0" / "record.json").exists()
    assert (_runs(example) / "v0.29.0" / "report.json").exists()


def test_deleted_branch_redoes_the_merge_and_keeps_the_old_run_aside(
    capsys: pytest.CaptureFixture[str], example: demo.Example
) -> None:
    assert _merge(capsys, example, "v0.29.0").code == 0
    git(example.fork, "branch", "-D", "aeon-v0.29.0")
    again = _merge(capsys, example, "v0.29.0")
    assert again.code == 0, again.err
    assert git(example.fork, "branch", "--list", "aeon-v0.29.0").strip() == "aeon-v0.29.0"
    assert [p.name for p in _runs(example).iterdir() if p.name.startswith(".v0.29.0.replaced-")]


def test_a_release_redoing_its_merge_keeps_its_own_state_in_place(example: demo.Example) -> None:
    """The release's merge stage (a deleted branch merged again) moves the old merge run aside, never the
    release's pipeline.json: the whole folder went, so a release killed during the merge started over."""
    from aeon_release.adapters.store import PipelineState, StageEntry, StepStatus
    from aeon_release.pipeline import merge as merge_cmd
    from aeon_release.pipeline.merge_plan import Options

    run_cli("merge", "v0.29.0", "--repo", example.fork, "--config", example.config)
    git(example.fork, "branch", "-D", "aeon-v0.29.0")
    store = RunStore(example.fork / ".git", "v0.29.0")
    state = PipelineState("v0.29.0", "2026-09-11", {"merge": StageEntry(StepStatus.RUNNING)})
    store.save_pipeline(state)
    merge_cmd.start(example.fork, Options("v0.29.0", example.config), False, False, [], held=True)
    assert store.load_pipeline() == state
    aside = [p for p in _runs(example).iterdir() if p.name.startswith(".v0.29.0.replaced-")]
    assert len(aside) == 1
    assert (aside[0] / "state.json").exists() and not (aside[0] / "pipeline.json").exists()
    assert store.load() is not None and store.load().branch == "aeon-v0.29.0"


def _conflicting_pick(ex: demo.Example) -> None:
    """The fork edits the file the #52816 pick creates, so the pick conflicts."""
    demo.commit(
        demo.Git(ex.fork), "Fork's own DFlash 2 stub", {"vllm/model_executor/models/dflash2.py": "LAYERS = 1\n"}
    )


def test_pick_conflict_resolved_by_dropping_the_change(
    capsys: pytest.CaptureFixture[str], example: demo.Example
) -> None:
    _conflicting_pick(example)
    stopped = _merge(capsys, example, "v0.29.0", "--json")
    assert stopped.code == 1
    worktree = Path(json.loads(stopped.out)["worktree"])
    git(worktree, "checkout", "--ours", "vllm/model_executor/models/dflash2.py")
    git(worktree, "add", "vllm/model_executor/models/dflash2.py")
    done = run_cli("merge", "--continue", "--repo", example.fork, "--json")
    assert done.code == 0, done.err
    picks = {p["ref"]: p["status"] for p in json.loads(done.out)["picks"]}
    assert picks["#52816"] == "dropped-by-hand"
    assert git(example.fork, "show", "aeon-v0.29.0:vllm/model_executor/models/dflash2.py") == "LAYERS = 1"
    notes = run_cli("notes", "v0.29.0", "--repo", example.fork, "--config", example.config)
    assert notes.code == 0, notes.err


def test_stray_files_in_the_worktree_are_not_committed(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    ex = build_example(tmp_path / "ex", renumber_enum=True)
    stopped = _merge(capsys, ex, "v0.29.0", "--json")
    assert stopped.code == 1
    worktree = Path(json.loads(stopped.out)["worktree"])
    kernel = worktree / "vllm/v1/attention/backends/triton_attn.py"
    (worktree / "vllm/v1/attention/backends/triton_attn.py.orig").write_text(kernel.read_text())
    kernel.write_text(kernel.read_text().replace("KV_QUANT_MODE == 4", "KV_QUANT_MODE == KVQuantMode.NVFP4"))
    refused = run_cli("merge", "--continue", "--repo", ex.fork)
    assert refused.code == 1 and "triton_attn.py.orig" in refused.err
    (worktree / "vllm/v1/attention/backends/triton_attn.py.orig").unlink()
    done = run_cli("merge", "--continue", "--repo", ex.fork)
    assert done.code == 0, done.err
    files = git(ex.fork, "ls-tree", "-r", "--name-only", "aeon-v0.29.0")
    assert ".orig" not in files


def test_backup_branch_is_never_the_base(capsys: pytest.CaptureFixture[str], example: demo.Example) -> None:
    git(example.fork, "branch", "aeon-v0.27.1-backup", "aeon-v0.27.1~1")
    result = _merge(capsys, example, "v0.29.0", "--dry-run", "--json")
    assert result.code == 0
    assert json.loads(result.out)["previous_branch"] == "aeon-v0.27.1"


def test_carry_commit_that_does_not_exist_is_refused_before_merging(
    capsys: pytest.CaptureFixture[str], example: demo.Example
) -> None:
    text = (example.config / "carries.yaml").read_text()
    first = text.split("commits: [", 1)[1].split("]", 1)[0]
    (example.config / "carries.yaml").write_text(text.replace(first, "0123456789abcdef0123456789abcdef01234567"))
    before = snapshot(example.fork)
    result = _merge(capsys, example, "v0.29.0")
    assert result.code == 2 and "carry uma-clamp: commit 0123456789ab" in result.err
    assert snapshot(example.fork) == before and not _runs(example).exists()


@pytest.mark.parametrize("flag", [["--dry-run"], ["--onto", "aeon-v0.27.1"], ["--config", "."], ["--no-fetch"]])
def test_continue_refuses_options_it_would_ignore(
    capsys: pytest.CaptureFixture[str], example: demo.Example, flag: list[str]
) -> None:
    result = run_cli("merge", "--continue", "--repo", example.fork, *flag)
    assert result.code == 2 and "cannot be used with --continue" in result.err


def test_abort_refuses_a_waiver_it_would_drop(capsys: pytest.CaptureFixture[str], example: demo.Example) -> None:
    """``merge --abort --waive RULE=REASON`` dropped the run and the waiver without a word: a person who meant
    ``--continue`` learnt only from ``status`` that nothing was merged.  The twin: --abort alone goes on (here to
    "no run to abort")."""
    before = snapshot(example.fork)
    result = run_cli("merge", "--abort", "--repo", example.fork, "--waive", "py-compile=known")
    assert result.code == 2 and result.err.startswith("error: --waive cannot be used with --abort"), result.err
    assert snapshot(example.fork) == before
    alone = run_cli("merge", "--abort", "--repo", example.fork)
    assert "--waive" not in alone.err, alone.err


def test_one_run_at_a_time(capsys: pytest.CaptureFixture[str], example: demo.Example) -> None:
    with RunStore.exclusive(example.fork / ".git"):
        result = _merge(capsys, example, "v0.29.0")
    assert result.code == 2 and "another aeon-release run is working" in result.err
    assert _merge(capsys, example, "v0.29.0").code == 0


def test_pick_already_backported_into_a_release_branch_tag(
    capsys: pytest.CaptureFixture[str], example: demo.Example
) -> None:
    """#53300 landed on main after the tag and was backported (another commit) into v0.29.1."""
    up = demo.Git(example.upstream)
    demo.commit(up, "[Bugfix] guard (#53300)", {"vllm/guard.py": "GUARD = True\n"})
    main_sha = up.head()
    up.run("checkout", "--quiet", "-b", "releases/v0.29", "v0.29.0")
    demo.commit(up, "[Bugfix] guard (#53300)", {"vllm/guard.py": "GUARD = True  # backport\n"})
    up.run("tag", "-a", "v0.29.1", "-m", "v0.29.1")
    up.run("checkout", "--quiet", "main")
    (example.config / "cherry_picks.yaml").write_text("releases:\n  v0.29.1:\n    pick: [{pr: 53300, reason: guard}]\n")
    result = _merge(capsys, example, "v0.29.1", "--dry-run", "--json")
    assert result.code == 0, result.err
    pick = json.loads(result.out)["picks"][0]
    assert pick["plan"] == "already in tag" and pick["sha"] != main_sha


def test_user_worktrees_are_left_alone(capsys: pytest.CaptureFixture[str], example: demo.Example) -> None:
    """A user's worktree whose folder is unreachable right now (an unmounted disk) stays registered."""
    mine = example.root / "feature-wt"
    git(example.fork, "worktree", "add", "-q", "-b", "my-feature", str(mine), "aeon-v0.27.1")
    subprocess.run(["mv", str(mine), str(example.root / "elsewhere")], check=True)
    assert _merge(capsys, example, "v0.29.0").code == 0
    assert str(mine) in git(example.fork, "worktree", "list")


def test_unknown_waiver_rule_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    ex = build_example(tmp_path / "ex", renumber_enum=True)
    assert _merge(capsys, ex, "v0.29.0").code == 1
    result = run_cli("merge", "--continue", "--repo", ex.fork, "--waive", "no-such-rule=typo")
    assert result.code == 2 and "no audit rule 'no-such-rule'" in result.err


def test_state_from_a_newer_version_is_a_clean_error(capsys: pytest.CaptureFixture[str], example: demo.Example) -> None:
    demo.commit(demo.Git(example.fork), "Fork docs tweak", {"docs/serving.md": "Serving guide for the DGX Spark.\n"})
    assert _merge(capsys, example, "v0.29.0").code == 1
    state_file = _runs(example) / "v0.29.0" / "state.json"
    state_file.write_text(json.dumps(json.loads(state_file.read_text()) | {"shiny": 1}))
    result = run_cli("status", "--repo", example.fork)
    assert result.code == 2 and "shiny" in result.err and "Traceback" not in result.err


def test_repo_given_as_git_dir_or_subdirectory(capsys: pytest.CaptureFixture[str], example: demo.Example) -> None:
    result = run_cli("merge", "v0.29.0", "--repo", example.fork / ".git", "--config", example.config)
    assert result.code == 0, result.err  # the run lives in the repository's own git directory
    assert (_runs(example) / "v0.29.0" / "report.json").exists()
    assert not (example.fork / ".git" / ".git").exists()
    git(example.fork, "branch", "-D", "aeon-v0.29.0")
    sub = example.fork / "vllm"
    assert run_cli("merge", "v0.29.0", "--repo", sub, "--config", example.config).code == 0
    status = run_cli("status", "--repo", example.fork)
    assert "v0.29.0: done" in status.out


def test_abort_after_a_kill_inside_the_last_step_deletes_the_new_branch(
    capsys: pytest.CaptureFixture[str], example: demo.Example
) -> None:
    """kill -9 right after `finish` created the branch (a reference-transaction hook holds it there)."""
    import os
    import signal

    before = snapshot(example.fork)
    flag = example.root / "branch-created"
    hooks = example.root / "hooks"
    hooks.mkdir()
    hook = hooks / "reference-transaction"
    hook.write_text(
        f'#!/bin/sh\n[ "$1" = committed ] || exit 0\n'
        f"if grep -q refs/heads/aeon-v0.29.0; then touch {flag}; sleep 60; fi\n"
    )
    hook.chmod(0o755)
    git(example.fork, "config", "core.hooksPath", str(hooks))
    proc = spawn_cli("merge", "v0.29.0", "--repo", example.fork, "--config", example.config)
    wait_for(flag.exists, "the new branch's reference-transaction hook", proc)
    os.killpg(proc.pid, signal.SIGKILL)
    proc.join()
    git(example.fork, "config", "--unset", "core.hooksPath")
    assert git(example.fork, "branch", "--list", "aeon-v0.29.0").strip() == "aeon-v0.29.0"
    result = run_cli("merge", "--abort", "--repo", example.fork)
    assert result.code == 0 and "which it had just created, deleted" in result.out
    assert snapshot(example.fork) == before
