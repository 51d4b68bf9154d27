"""A release rerun after its fork branch moved, and the shapes of `release --json` and `status --json`.

Real git and the real CLI; a release stops at its build as a real one does when no Docker engine answers, and the
published case runs on the real engine and registry."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import git, run_cli
from tests.hostile.conftest import release_stopped_at_build
from tests.pipeline.conftest import ReleaseSetup

STAGE_KEYS = {"status", "seconds", "result", "message"}


def _pipeline(fork: Path) -> dict[str, Any]:
    return dict(json.loads((fork / ".git" / "aeon-release" / "runs" / "v0.29.0" / "pipeline.json").read_text()))


def _hotfix(fork: Path) -> str:
    """A commit on the fork branch after the release's merge (the checkout stays where it is)."""
    tree = git(fork, "rev-parse", "aeon-v0.29.0^{tree}")
    new = git(fork, "commit-tree", tree, "-p", "aeon-v0.29.0", "-m", "Fix the serving docs")
    git(fork, "update-ref", "refs/heads/aeon-v0.29.0", new)
    return new


def test_a_rerun_after_the_branch_moved_merges_and_audits_the_new_tree_again(tmp_path: Path) -> None:
    """A release stopped at its build; a fix committed on the fork branch; the rerun said "merge: done already"
    and "audit: done already" (the audit of the tree before the fix) and built the new tree under it.  The merge
    and the audit stages now run again on the branch as it is, and record that commit."""
    ex, argv, no_docker = release_stopped_at_build(tmp_path)
    merged = _pipeline(ex.fork)["stages"]["merge"]["result"]["branch_sha"]
    fixed = _hotfix(ex.fork)

    again = run_cli(*argv, env=no_docker)

    assert again.code == 2 and "Docker engine does not answer" in again.err, again.err
    assert "merge: done already" not in again.err and "audit: done already" not in again.err, again.err
    note = f"note: aeon-v0.29.0 moved since this run's merge stage ran on it ({merged[:12]} -> {fixed[:12]})"
    assert note in again.err and f"merge, audit run again on {fixed[:12]}" in again.err, again.err
    stages = _pipeline(ex.fork)["stages"]
    assert stages["merge"]["status"] == stages["audit"]["status"] == "done"
    assert stages["merge"]["result"]["branch_sha"] == stages["audit"]["result"]["revision"] == fixed
    assert stages["merge"]["result"]["merged_sha"] == merged  # the merge itself was not made again

    # the twin: a rerun with the branch where the stages ran says they are done
    twin = run_cli(*argv, env=no_docker)
    assert "merge: done already" in twin.err and "audit: done already" in twin.err and "note:" not in twin.err


def test_every_stage_object_has_the_same_keys(tmp_path: Path) -> None:
    """`status --json` of a release that has no merge run (its merge stage failed before one was made) was
    ``{"tag", "release"}``: no ``state``, none of a merge run's keys; stage objects left out the keys they had no
    value for.  Every object of the list now has the same keys (null without a merge run), and so does every
    stage, in `status --json` and in `release --json` alike."""
    ex, argv, no_docker = release_stopped_at_build(tmp_path)
    failed = run_cli(*[("v0.30.0" if a == "v0.29.0" else a) for a in argv], "--json", env=no_docker)
    assert failed.code == 2 and "tag 'v0.30.0' does not exist" in failed.err, failed.err

    shown = run_cli("status", "--repo", ex.fork, "--json")

    assert shown.code == 0, shown.err
    merged, alone = sorted(json.loads(shown.out), key=lambda entry: str(entry["tag"]))
    assert (merged["tag"], alone["tag"]) == ("v0.29.0", "v0.30.0")
    assert set(alone) == set(merged) and alone["state"] is None and merged["state"] == "done"
    assert alone["conflicts"] == alone["carries"] == alone["picks"] == []
    for entry in (merged, alone):
        assert list(entry["release"]["stages"]) == ["merge", "audit", "build", "publish", "notes"]
        assert all(set(stage) == STAGE_KEYS for stage in entry["release"]["stages"].values()), entry
    assert alone["release"]["stages"]["audit"] == {
        "status": "pending",
        "seconds": None,
        "result": None,
        "message": None,
    }


@pytest.mark.docker
@pytest.mark.registry
def test_a_published_release_names_the_tree_it_published(release_setup: ReleaseSetup) -> None:
    """Published, the release is of the tree it published (the dated tag holds that image for good): a rerun after
    the branch moved redoes nothing, and says each stage was done on the commit before, not "done already" of the
    branch as it is now.  `release --json`'s stages have the same keys."""
    done = run_cli(*release_setup.args("--json"))
    assert done.code == 0, done.err
    stages = json.loads(done.out)["stages"]
    assert all(set(stage) == STAGE_KEYS for stage in stages.values()), stages
    fork = release_setup.example.fork
    merged = _pipeline(fork)["stages"]["merge"]["result"]["branch_sha"]
    fixed = _hotfix(fork)

    again = run_cli(*release_setup.args())

    assert again.code == 0, again.err
    for stage in ("merge", "audit", "build"):
        said = f"{stage}: done already, on {merged[:12]}; aeon-v0.29.0 has moved on since, to {fixed[:12]}"
        assert said in again.err, again.err
    assert "publish: done already\n" in again.err and "note:" not in again.err


@pytest.mark.docker
@pytest.mark.registry
def test_a_release_stopped_in_its_publish_keeps_what_the_publish_knew(release_setup: ReleaseSetup) -> None:
    """The registry reads the dated tag back as another digest than the push reported (a proxy in front of the real
    registry lies: tests/publish/test_stopped_verdicts.py says why a fake): the publish stage stops for a person
    (exit 1), and its entry in `release --json` and in the run's pipeline.json kept only the message.  It keeps the
    digest pushed and what :latest held, which never moved; the rerun does the publish again."""
    from tests.publish.helpers import served
    from tests.publish.test_stopped_verdicts import _LyingProxy

    dated = "2026-09-11-v0.29.0"
    with _LyingProxy(release_setup.registry.host, dated) as proxy:
        real = release_setup.repository
        lying = real.replace(release_setup.registry.host, proxy.host)
        argv = [lying if arg == real else arg for arg in release_setup.args("--json")]
        stopped = run_cli(*argv)
    assert stopped.code == 1 and proxy.lied >= 1, stopped.err
    name = real.split("/", 1)[1]
    pushed = served(release_setup.registry.host, name, dated)
    assert pushed is not None and served(release_setup.registry.host, name, "latest") is None
    entry = json.loads(stopped.out)["stages"]["publish"]
    assert entry["status"] == "needs-human" and "the registry serves" in entry["message"]
    assert entry["result"]["digest"] == pushed and entry["result"]["pushed"] is True
    assert entry["result"]["latest_before"] is None is entry["result"]["latest_after"]
    assert _pipeline(release_setup.example.fork)["stages"]["publish"]["result"] == entry["result"]
    again = run_cli(*release_setup.args())  # the registry itself this time: the publish is done again
    assert again.code == 0, again.err
    assert served(release_setup.registry.host, name, "latest") == pushed
