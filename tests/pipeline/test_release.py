"""`aeon-release release`: merge -> audit -> build -> publish -> notes on a real engine and registry."""

from __future__ import annotations

import contextlib
import json
import os
import signal
from pathlib import Path

import pytest

from aeon_release.adapters.registry import Registry, parse_repository
from tests.helpers import git, run_cli, snapshot
from tests.hostile.conftest import spawn_cli, wait_for
from tests.pipeline.conftest import ReleaseSetup

pytestmark = [pytest.mark.docker, pytest.mark.registry]
DATED = "2026-09-11-v0.29.0"


def _pipeline_state(setup: ReleaseSetup) -> dict:
    path = setup.example.fork / ".git" / "aeon-release" / "runs" / "v0.29.0" / "pipeline.json"
    return json.loads(path.read_text()) if path.exists() else {}


def _registry_digest(setup: ReleaseSetup, tag: str) -> str | None:
    repo = parse_repository(setup.repository)
    return Registry(repo, None).digest(tag)


def _check_released(setup: ReleaseSetup) -> dict:
    state = _pipeline_state(setup)
    assert {k: v["status"] for k, v in state["stages"].items()} == dict.fromkeys(
        ["merge", "audit", "build", "publish", "notes"], "done"
    )
    published = state["stages"]["publish"]["result"]
    assert published["dated_tag"] == DATED
    digest = _registry_digest(setup, DATED)
    assert digest == published["digest"] == _registry_digest(setup, "latest")
    notes = setup.notes.read_text()
    assert f"{setup.repository}@{digest}" in notes
    assert "TORCH_CUDA_ARCH_LIST" in notes and DATED in notes
    branch = git(setup.example.fork, "rev-parse", "aeon-v0.29.0")
    assert state["stages"]["build"]["result"]["revision"] == branch
    releases = (setup.example.config / "releases.yaml").read_text()
    assert releases.count(f"dated_tag: {DATED}") == 1
    # The attestation names the digest, carries the audit the build recorded for that image id,
    # and the notes say how to check it.
    assert published["attestation"] == f"{setup.repository}:{digest.replace(':', '-')}.att"
    assert f"aeon-release verify {setup.repository}:{DATED}" in notes
    return state


def test_full_release(capsys: pytest.CaptureFixture[str], release_setup: ReleaseSetup) -> None:
    before = snapshot(release_setup.example.fork)
    result = run_cli(*release_setup.args("--json"))
    assert result.code == 0, result.err
    assert json.loads(result.out)["stages"]["notes"]["status"] == "done"
    state = _check_released(release_setup)
    assert state["stages"]["audit"]["result"]["status"] == "passed"
    assert snapshot(release_setup.example.fork)[:3] == before[:3]
    verified = run_cli("verify", f"{release_setup.repository}:{DATED}", "--json")
    assert verified.code == 0, verified.err
    shown = json.loads(verified.out)
    assert shown["audit"]["status"] == "passed" and shown["audit"]["report_sha256"]
    assert shown["build"]["image_id"] == state["stages"]["build"]["result"]["image_id"]
    # a rerun is a no-op: every stage is done
    again = run_cli(*release_setup.args())
    assert again.code == 0 and again.err.count("done already") == 5


def test_dry_run_plans_every_stage_and_changes_nothing(
    capsys: pytest.CaptureFixture[str], release_setup: ReleaseSetup
) -> None:
    before = snapshot(release_setup.example.fork)
    result = run_cli(*release_setup.args("--dry-run", "--json"))
    assert result.code == 0, result.err
    plans = json.loads(result.out)["stages"]
    assert list(plans) == ["merge", "audit", "build", "publish", "notes"]
    assert any("cherry-pick" in line for line in plans["merge"])
    assert any(DATED in line for line in plans["publish"])
    assert snapshot(release_setup.example.fork) == before
    assert _registry_digest(release_setup, DATED) is None


@pytest.mark.parametrize("boundary", ["merge", "audit", "build", "publish"])
def test_killed_at_a_stage_boundary_resumes(
    capsys: pytest.CaptureFixture[str], release_setup: ReleaseSetup, boundary: str, tmp_path: Path
) -> None:
    """kill -9 as soon as a stage is recorded done; the rerun starts at the next unfinished stage."""
    said = tmp_path / "pipeline.err"  # what the killed run said, for a failure's message
    proc = spawn_cli(*release_setup.args(), stderr=said)

    def at_boundary() -> bool:
        return _pipeline_state(release_setup).get("stages", {}).get(boundary, {}).get("status") == "done"

    wait_for(at_boundary, f"pipeline.json to record the {boundary} stage done", proc, said)
    # After the last stage the run may end before the kill: its forked parent reaps it at once, so the
    # group is gone (a Popen child stayed a zombie the kill reached). The rerun checks the same either way.
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGKILL)
    proc.join()
    done_before = {k for k, v in _pipeline_state(release_setup)["stages"].items() if v["status"] == "done"}
    result = run_cli(*release_setup.args())
    assert result.code == 0, result.err
    for stage in done_before:
        assert f"{stage}: done already" in result.err
    _check_released(release_setup)


def test_stopped_by_a_conflict_then_rerun(capsys: pytest.CaptureFixture[str], release_setup: ReleaseSetup) -> None:
    from aeon_release.commands import demo_repo as demo

    ex = release_setup.example
    demo.commit(demo.Git(ex.fork), "Fork docs tweak", {"docs/serving.md": "Serving guide for the DGX Spark.\n"})
    result = run_cli(*release_setup.args())
    assert result.code == 1
    assert _pipeline_state(release_setup)["stages"]["merge"]["status"] == "needs-human"
    assert _registry_digest(release_setup, DATED) is None
    worktree = ex.fork / ".git" / "aeon-release" / "worktrees" / "v0.29.0"
    (worktree / "docs/serving.md").write_text("Serving guide for the DGX Spark.\nSpec decode.\n")
    git(worktree, "add", "docs/serving.md")
    again = run_cli(*release_setup.args())
    assert again.code == 0, again.err
    _check_released(release_setup)


def test_registry_down_stops_at_publish_then_resumes(
    capsys: pytest.CaptureFixture[str], release_setup: ReleaseSetup
) -> None:
    release_setup.registry.stop()
    result = run_cli(*release_setup.args())
    assert result.code == 2
    stages = _pipeline_state(release_setup)["stages"]
    assert stages["build"]["status"] == "done" and stages["publish"]["status"] == "failed"
    release_setup.registry.start()
    again = run_cli(*release_setup.args())
    assert again.code == 0, again.err
    assert "build: done already" in again.err
    _check_released(release_setup)


def test_bad_stage_name(capsys: pytest.CaptureFixture[str], release_setup: ReleaseSetup) -> None:
    result = run_cli(*release_setup.args("--from", "deploy"))
    assert result.code == 2 and "--from 'deploy' is not a stage" in result.err


def test_changed_options_for_a_done_stage_are_refused(
    capsys: pytest.CaptureFixture[str], release_setup: ReleaseSetup
) -> None:
    """Failed at publish (registry down) after building the omni variant: a rerun without it is refused."""
    release_setup.registry.stop()
    assert run_cli(*release_setup.args("--variant", "omni")).code == 2
    release_setup.registry.start()
    result = run_cli(*release_setup.args())
    assert (
        result.code == 2
        and "this rerun is without --variant, but the build stage of this run was done with --variant 'omni'"
        in result.err
    )
    assert _registry_digest(release_setup, DATED) is None
    assert run_cli(*release_setup.args("--variant", "omni")).code == 0
    assert _registry_digest(release_setup, f"{DATED}-omni") is not None


def test_deleted_branch_is_merged_again(capsys: pytest.CaptureFixture[str], release_setup: ReleaseSetup) -> None:
    ex = release_setup.example
    release_setup.registry.stop()
    assert run_cli(*release_setup.args()).code == 2  # merged and built, publish failed
    release_setup.registry.start()
    refused = run_cli(*release_setup.args("--from", "merge"))
    assert refused.code == 2 and "delete it first" in refused.err
    git(ex.fork, "branch", "-D", "aeon-v0.29.0")
    again = run_cli(*release_setup.args())
    assert again.code == 0, again.err
    assert "merging again" in again.err
    _check_released(release_setup)


def test_from_a_stage_before_the_build_of_a_published_release_is_refused_with_a_way_on(
    capsys: pytest.CaptureFixture[str], release_setup: ReleaseSetup
) -> None:
    """`--from audit` after the dated tag was pushed rebuilt the image, whose new id met the immutable dated tag:
    "publish this image under another --date", which the run refuses (it keeps its date).  It is refused before any
    stage, naming what can be done, and each way it names works: the notes redone, and the state moved aside for a
    release of another day."""
    assert run_cli(*release_setup.args()).code == 0
    pipeline = release_setup.example.fork / ".git" / "aeon-release" / "runs" / "v0.29.0" / "pipeline.json"
    before = pipeline.read_bytes()
    for stage in ("audit", "build"):
        refused = run_cli(*release_setup.args("--from", stage))
        assert refused.code == 2 and f"--from {stage} builds the image again" in refused.err, refused.err
        assert "`--from notes` redoes the notes" in refused.err and pipeline.read_bytes() == before
    assert run_cli(*release_setup.args("--from", "notes")).code == 0
    pipeline.rename(pipeline.with_name("pipeline.json.old"))
    argv = release_setup.args()
    argv[argv.index("--date") + 1] = "2026-09-12"
    again = run_cli(*argv)
    assert again.code == 0, again.err
    assert _registry_digest(release_setup, "2026-09-12-v0.29.0") is not None
    assert _registry_digest(release_setup, DATED) is not None
