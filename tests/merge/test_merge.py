"""`aeon-release merge` on real repositories built by fixtures."""

from __future__ import annotations

import json
import os
import signal
import subprocess
from pathlib import Path

import pytest

from aeon_release.commands import demo_repo as demo
from tests.helpers import build_example, git, run_cli, snapshot
from tests.hostile.conftest import spawn_cli, wait_for


def merge(capsys: pytest.CaptureFixture[str], ex: demo.Example, *extra: str | Path):
    return run_cli("merge", *extra, "--repo", ex.fork, "--config", ex.config)


def test_clean_merge_creates_branch_and_reports(capsys: pytest.CaptureFixture[str], example: demo.Example) -> None:
    before = snapshot(example.fork)
    result = merge(capsys, example, "v0.29.0", "--json")
    assert result.code == 0, result.err
    report = json.loads(result.out)
    assert report["state"] == "done"
    assert report["previous_branch"] == "aeon-v0.27.1"
    assert report["merge_base"] == git(example.fork, "merge-base", "aeon-v0.27.1", "v0.29.0")
    assert report["upstream_commits"] == 3
    assert {c["id"]: c["status"] for c in report["carries"]} == {"uma-clamp": "kept", "triton-nvfp4-kv": "kept"}
    picks = {p["ref"]: p["status"] for p in report["picks"]}
    assert picks == {"#52816": "applied", "#50276": "already-in-tag", "#49718": "skipped"}
    branch = git(example.fork, "rev-parse", "aeon-v0.29.0")
    assert branch == report["branch_sha"]
    assert git(example.fork, "merge-base", "--is-ancestor", "v0.29.0", branch) == ""
    # the pick is on the branch exactly once, with its provenance trailer
    log = git(example.fork, "log", "--format=%s", "v0.29.0..aeon-v0.29.0")
    assert log.count("DFlash 2 drafter layer (#52816)") == 1
    assert "XQA" not in log
    # the user's checkout and the other branches are as they were; only the new branch was added
    after = snapshot(example.fork)
    assert after[:3] == before[:3]
    assert set(after[3].splitlines()) == set(before[3].splitlines()) | {f"refs/heads/aeon-v0.29.0 {branch}"}
    assert git(example.fork, "worktree", "list").count("\n") == 0
    assert (example.fork / ".git" / "aeon-release" / "runs" / "v0.29.0" / "report.json").exists()


def test_rerun_of_finished_merge_is_a_noop(capsys: pytest.CaptureFixture[str], example: demo.Example) -> None:
    assert merge(capsys, example, "v0.29.0").code == 0
    sha = git(example.fork, "rev-parse", "aeon-v0.29.0")
    again = merge(capsys, example, "v0.29.0")
    assert again.code == 0
    assert "already merged" in again.err
    assert git(example.fork, "rev-parse", "aeon-v0.29.0") == sha


def test_dry_run_changes_nothing(capsys: pytest.CaptureFixture[str], example: demo.Example) -> None:
    before = snapshot(example.fork)
    result = merge(capsys, example, "v0.29.0", "--dry-run", "--json")
    assert result.code == 0
    plan = json.loads(result.out)
    assert plan["dry_run"] is True
    assert [p["plan"] for p in plan["picks"]] == ["cherry-pick", "already in tag"]
    assert plan["skips"] == [{"ref": "#49718", "reason": "XQA on SM12x regresses GPQA accuracy"}]
    assert snapshot(example.fork) == before
    assert not (example.fork / ".git" / "aeon-release" / "runs").exists()


def test_dry_run_says_when_the_tag_has_no_picks(capsys: pytest.CaptureFixture[str], example: demo.Example) -> None:
    (example.config / "cherry_picks.yaml").write_text("releases: {}\n")
    result = merge(capsys, example, "v0.29.0", "--dry-run")
    assert result.code == 0, result.err
    assert "cherry-picks: none listed for v0.29.0 in cherry_picks.yaml" in result.out
    assert "┃ pick" not in result.out  # no empty table
    assert "\npicks\n" not in result.out  # nor an empty step heading


def test_dry_run_describes_the_actions_each_step_runs(
    capsys: pytest.CaptureFixture[str], example: demo.Example
) -> None:
    """The merge steps are stages of the one runner: --dry-run prints their actions, a real run runs them."""
    dry = merge(capsys, example, "v0.29.0", "--dry-run", "--json")
    assert dry.code == 0, dry.err
    stages = json.loads(dry.out)["stages"]
    assert list(stages) == ["merge", "carries", "picks", "audit", "finish"]
    assert stages["merge"][0].startswith("merge v0.29.0 (") and "onto aeon-v0.27.1" in stages["merge"][0]
    assert [line.split(":")[0] for line in stages["carries"]] == ["carry uma-clamp", "carry triton-nvfp4-kv"]
    assert [line.split(" (")[0].split(":")[0] for line in stages["picks"]] == [
        "pick #52816",
        "pick #50276",
        "skip #49718",
    ]
    assert "already in v0.29.0" in stages["picks"][1]
    assert stages["finish"] == ["create aeon-v0.29.0 at the built head; write report.json and the run record"]
    real = merge(capsys, example, "v0.29.0", "--json")
    assert real.code == 0, real.err
    assert list(json.loads(real.out)["timings"]) == list(stages)  # each step described is a step that ran


def test_every_step_is_checked_before_the_run_writes_anything(
    capsys: pytest.CaptureFixture[str], example: demo.Example
) -> None:
    before = snapshot(example.fork)
    result = merge(capsys, example, "v0.29.0", "--waive", "no-such-rule=typo")  # the audit step's check
    assert result.code == 2 and "no audit rule 'no-such-rule'" in result.err, result.err
    assert snapshot(example.fork) == before
    assert not (example.fork / ".git" / "aeon-release" / "runs").exists()


def _add_conflicting_fork_commit(ex: demo.Example) -> None:
    demo.commit(demo.Git(ex.fork), "Fork docs tweak", {"docs/serving.md": "Serving guide for the DGX Spark.\n"})


def test_conflict_then_continue(capsys: pytest.CaptureFixture[str], example: demo.Example) -> None:
    _add_conflicting_fork_commit(example)
    before = snapshot(example.fork)
    result = merge(capsys, example, "v0.29.0", "--json")
    assert result.code == 1
    report = json.loads(result.out)
    assert report["state"] == "conflict"
    assert [c["file"] for c in report["conflicts"]] == ["docs/serving.md"]
    assert "docs/serving.md" in result.err and "--continue" in result.err
    assert git(example.fork, "branch", "--list", "aeon-v0.29.0") == ""
    assert snapshot(example.fork) == before
    status = run_cli("status", "--repo", example.fork)
    assert "conflict" in status.out and "docs/serving.md" in status.out
    # continuing before resolving is refused
    assert run_cli("merge", "--continue", "--repo", example.fork).code == 1
    worktree = Path(report["worktree"])
    (worktree / "docs/serving.md").write_text("Serving guide for the DGX Spark.\nSpec decode.\n")
    git(worktree, "add", "docs/serving.md")
    done = run_cli("merge", "--continue", "--repo", example.fork, "--json")
    assert done.code == 0, done.err
    final = json.loads(done.out)
    assert final["state"] == "done"
    assert {p["ref"]: p["status"] for p in final["picks"]}["#52816"] == "applied"
    assert git(example.fork, "show", "aeon-v0.29.0:docs/serving.md") == "Serving guide for the DGX Spark.\nSpec decode."
    assert not worktree.exists()
    assert snapshot(example.fork)[:3] == before[:3]


def test_conflict_in_carried_file_names_the_carry(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    ex = build_example(tmp_path / "ex")
    up = demo.Git(ex.upstream)
    demo.commit(
        up,
        "[Core] rework memory estimate (#51000)",
        {"vllm/v1/worker/gpu_model_runner.py": demo.RUNNER.replace("before - after", "(before - after) // 1")},
    )
    up.run("tag", "-a", "v0.30.0", "-m", "v0.30.0")
    result = merge(capsys, ex, "v0.30.0", "--json")
    assert result.code == 1
    report = json.loads(result.out)
    assert report["conflicts"][0]["file"] == "vllm/v1/worker/gpu_model_runner.py"
    assert report["conflicts"][0]["carries"] == ["uma-clamp"]


def test_abort_restores_everything(capsys: pytest.CaptureFixture[str], example: demo.Example) -> None:
    _add_conflicting_fork_commit(example)
    before = snapshot(example.fork)
    assert merge(capsys, example, "v0.29.0").code == 1
    result = run_cli("merge", "--abort", "--repo", example.fork)
    assert result.code == 0
    assert snapshot(example.fork) == before
    assert git(example.fork, "worktree", "list").count("\n") == 0
    assert not (example.fork / ".git" / "aeon-release" / "runs" / "v0.29.0").exists()
    # and a fresh run can start again
    assert merge(capsys, example, "v0.29.0").code == 1


def _hook(ex: demo.Example, name: str, flag: Path, message: str = "") -> None:
    """A hook that holds the run (for a kill) when the commit message it is given contains ``message``."""
    hooks = ex.root / "hooks"
    hooks.mkdir(exist_ok=True)
    script = hooks / name
    script.write_text(f"#!/bin/sh\ngrep -q '{message}' \"$1\" || exit 0\ntouch {flag}\nsleep 60\n")
    script.chmod(0o755)
    git(ex.fork, "config", "core.hooksPath", str(hooks))


def _kill_when(flag: Path, ex: demo.Example, sig: int = signal.SIGKILL) -> None:
    proc = spawn_cli("merge", "v0.29.0", "--repo", ex.fork, "--config", ex.config)
    wait_for(flag.exists, f"the kill point ({flag.name})", proc)
    os.killpg(proc.pid, sig)
    proc.join()


@pytest.mark.parametrize(
    ("hook", "message", "sig"),
    [
        ("commit-msg", "Merge upstream", signal.SIGKILL),
        ("prepare-commit-msg", "52816", signal.SIGKILL),
        ("commit-msg", "52816", signal.SIGINT),
    ],
)
def test_kill_mid_run_then_continue(
    capsys: pytest.CaptureFixture[str], example: demo.Example, hook: str, message: str, sig: int
) -> None:
    """kill -9 (or Ctrl-C) while a hook runs on the merge commit, or on the cherry-pick's commit."""
    before = snapshot(example.fork)
    flag = example.root / "reached"
    _hook(example, hook, flag, message)
    _kill_when(flag, example, sig)
    git(example.fork, "config", "--unset", "core.hooksPath")
    status = run_cli("status", "--repo", example.fork)
    assert "running" in status.out
    assert git(example.fork, "branch", "--list", "aeon-v0.29.0") == ""
    done = run_cli("merge", "--continue", "--repo", example.fork, "--json")
    assert done.code == 0, done.err
    report = json.loads(done.out)
    assert {p["ref"]: p["status"] for p in report["picks"]}["#52816"] in ("applied",)
    log = git(example.fork, "log", "--format=%s", "v0.29.0..aeon-v0.29.0")
    assert log.count("(#52816)") == 1
    assert snapshot(example.fork)[:3] == before[:3]


def test_kill_then_abort(capsys: pytest.CaptureFixture[str], example: demo.Example) -> None:
    before = snapshot(example.fork)
    flag = example.root / "reached"
    _hook(example, "commit-msg", flag, "Merge upstream")
    _kill_when(flag, example)
    git(example.fork, "config", "--unset", "core.hooksPath")
    assert run_cli("merge", "--abort", "--repo", example.fork).code == 0
    assert snapshot(example.fork) == before


def test_upstreamed_carry_by_pr_number(capsys: pytest.CaptureFixture[str], example: demo.Example) -> None:
    carries = (example.config / "carries.yaml").read_text().replace("upstream_pr: 46932", "upstream_pr: 50276")
    (example.config / "carries.yaml").write_text(carries)
    result = merge(capsys, example, "v0.29.0", "--json")
    assert result.code == 0
    uma = next(c for c in json.loads(result.out)["carries"] if c["id"] == "uma-clamp")
    assert uma["status"] == "upstreamed"
    assert "upstreamed: drop it" in uma["evidence"] and "#50276" in uma["evidence"]
    assert "upstreamed: drop it" in result.err


def test_upstreamed_carry_by_patch_id(capsys: pytest.CaptureFixture[str], example: demo.Example) -> None:
    """Upstream merged the same change under another subject, no PR number: `git cherry` finds it."""
    up = demo.Git(example.upstream)
    demo.commit(up, "Clamp memory estimate", {"vllm/v1/worker/gpu_model_runner.py": demo.RUNNER_CARRY})
    up.run("tag", "-a", "v0.30.0", "-m", "v0.30.0")
    result = merge(capsys, example, "v0.30.0", "--json")
    assert result.code == 0, result.err
    uma = next(c for c in json.loads(result.out)["carries"] if c["id"] == "uma-clamp")
    assert uma["status"] == "upstreamed"
    assert "patch-id" in uma["evidence"]


def test_a_twin_that_upstream_reverted_is_not_upstreamed(
    capsys: pytest.CaptureFixture[str], example: demo.Example
) -> None:
    """Upstream took the same change, then reverted it: the tag lacks the carry's lines, so the carry
    stays (git cherry would still call it upstream and the ledger would drop a carry upstream undid)."""
    up = demo.Git(example.upstream)
    runner = "vllm/v1/worker/gpu_model_runner.py"
    before = (example.upstream / runner).read_text()
    demo.commit(up, "Clamp memory estimate", {runner: demo.RUNNER_CARRY})
    demo.commit(up, 'Revert "Clamp memory estimate"', {runner: before})
    up.run("tag", "-a", "v0.30.0", "-m", "v0.30.0")
    result = merge(capsys, example, "v0.30.0", "--dry-run", "--json")
    assert result.code == 0, result.err
    uma = next(c for c in json.loads(result.out)["carries"] if c["id"] == "uma-clamp")
    assert uma["plan"] == "verify or apply" and uma["evidence"] is None


def test_missing_carry_is_applied_from_patch(capsys: pytest.CaptureFixture[str], example: demo.Example) -> None:
    patch = example.config / "carries" / "docs-note.patch"
    patch.parent.mkdir()
    patch.write_text(
        "diff --git a/docs/spark.md b/docs/spark.md\nnew file mode 100644\n--- /dev/null\n+++ b/docs/spark.md\n"
        "@@ -0,0 +1 @@\n+GB10 notes: aeon-spark-docs\n"
    )
    with (example.config / "carries.yaml").open("a") as fh:
        fh.write(
            "  - id: spark-docs\n    title: DGX Spark notes\n    status: active\n    patch: carries/docs-note.patch\n"
            "    markers:\n      - {path: docs/spark.md, text: aeon-spark-docs}\n"
        )
    result = merge(capsys, example, "v0.29.0", "--json")
    assert result.code == 0, result.err
    spark = next(c for c in json.loads(result.out)["carries"] if c["id"] == "spark-docs")
    assert spark["status"] == "applied"
    assert "aeon-spark-docs" in git(example.fork, "show", "aeon-v0.29.0:docs/spark.md")
    # a second release: the patch is on the branch now, so it is kept, not applied twice
    up = demo.Git(example.upstream)
    demo.commit(up, "Release prep (#53000)", {"vllm/version.py": '__version__ = "0.30.0"\n'})
    up.run("tag", "-a", "v0.30.0", "-m", "v0.30.0")
    again = merge(capsys, example, "v0.30.0", "--json")
    assert again.code == 0, again.err
    spark = next(c for c in json.loads(again.out)["carries"] if c["id"] == "spark-docs")
    assert spark["status"] == "kept"


def test_pick_by_commit_sha_and_already_on_branch(capsys: pytest.CaptureFixture[str], example: demo.Example) -> None:
    xqa = git(example.upstream, "log", "--format=%H", "-1", "--grep=#49718")
    picks = (example.config / "cherry_picks.yaml").read_text()
    picks = picks.replace("skip:\n      - {pr: 49718, reason: XQA on SM12x regresses GPQA accuracy}", "skip: []\n    ")
    picks = picks.replace("    pick:\n", f"    pick:\n      - {{commit: {xqa[:12]}, reason: by sha}}\n")
    (example.config / "cherry_picks.yaml").write_text(picks)
    result = merge(capsys, example, "v0.29.0", "--json")
    assert result.code == 0, result.err
    assert {p["ref"]: p["status"] for p in json.loads(result.out)["picks"]}[xqa[:12]] == "applied"


def test_tag_fetched_from_a_bare_upstream_remote(capsys: pytest.CaptureFixture[str], example: demo.Example) -> None:
    """The fork's `upstream` remote is a bare repository; the new release tag exists only there."""
    bare = example.root / "upstream.git"
    subprocess.run(["git", "clone", "-q", "--bare", str(example.upstream), str(bare)], check=True)
    git(example.fork, "remote", "set-url", "upstream", str(bare))
    up = demo.Git(example.upstream)
    demo.commit(up, "[Core] Faster sampler (#53100)", {"vllm/sampler.py": "FAST = True\n"})
    up.run("tag", "-a", "v0.30.0", "-m", "v0.30.0")
    up.run("push", "-q", str(bare), "main", "v0.30.0")
    assert git(example.fork, "tag", "--list", "v0.30.0") == ""
    result = merge(capsys, example, "v0.30.0", "--onto", "aeon-v0.27.1", "--json")
    assert result.code == 0, result.err
    report = json.loads(result.out)
    assert report["tag_sha"] == git(example.upstream, "rev-parse", "v0.30.0^{commit}")
    assert report["tag_on_upstream_branch"] is True
    assert git(example.fork, "show", "aeon-v0.30.0:vllm/sampler.py") == "FAST = True"


def test_release_branch_tag_is_flagged(capsys: pytest.CaptureFixture[str], example: demo.Example) -> None:
    """A tag cut on a release branch is not on upstream main: the plan says so (README: the true merge base)."""
    up = demo.Git(example.upstream)
    up.run("checkout", "--quiet", "-b", "releases/v0.29", "v0.29.0")
    demo.commit(up, "[Bugfix] backport (#53200)", {"vllm/backport.py": "X = 1\n"})
    up.run("tag", "-a", "v0.29.1", "-m", "v0.29.1")
    up.run("checkout", "--quiet", "main")
    result = merge(capsys, example, "v0.29.1", "--dry-run", "--json")
    assert result.code == 0, result.err
    plan = json.loads(result.out)
    assert plan["tag_on_upstream_branch"] is False
    assert any("release-branch tag" in note for note in plan["notes"])
