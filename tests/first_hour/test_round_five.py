"""The first hour's loose ends after robust35: dry runs that say what comes next and change nothing, and
``release --quiet``."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import build_example, git, run_cli

_NO_ENGINE = {"DOCKER_HOST": "unix:///nonexistent"}


def _objects(repo: Path) -> dict[str, str]:
    """``git count-objects -v`` as a dict: loose and packed counts, which a fetch of one commit moves."""
    out = git(repo, "count-objects", "-v")
    return dict(line.split(": ", 1) for line in out.splitlines() if line.split(": ", 1)[0] in ("count", "in-pack"))


def _release_argv(tmp_path: Path, tag: str, place: str = "ex") -> tuple[object, ...]:
    ex = build_example(tmp_path / place)
    if tag != "v0.29.0":  # a tag upstream has made on a commit of its own, which the fork has not fetched yet
        (ex.upstream / "NEWS").write_text(f"{tag}\n")
        git(ex.upstream, "add", "NEWS")
        git(ex.upstream, "commit", "-qm", f"news for {tag}")
        git(ex.upstream, "tag", "-a", tag, "-m", tag)
    fleet = ex.config / "fleet.yaml"
    fleet.write_text(fleet.read_text().replace("repository: aeon-vllm-ultimate", "repository: ghcr.io/me/fork"))
    key = tmp_path / "keys" / "signing"
    assert run_cli("keygen", key).code == 0
    return ("release", tag, "--repo", ex.fork, "--config", ex.config, "--signing-key", key, "--dry-run")


@pytest.mark.parametrize("place", ["ex", "ex:colon"])
def test_release_dry_run_with_a_date_dates_upstream_s_tag_and_keeps_no_object(tmp_path: Path, place: str) -> None:
    """`release v0.29.2 --dry-run --date D` of a tag upstream has and the fork has not fetched fetched the tag's
    commit into the repository's objects to check D against its day: a dry run changes nothing, the object store
    included.  The commit is now fetched into a folder of its own (the repository's objects its alternate, a ':'
    in their path quoted), read, and removed: the early date is refused as the run refuses it, nothing kept."""
    argv = _release_argv(tmp_path, "v0.29.2", place)
    fork = Path(str(argv[3]))
    before, had_folder = _objects(fork), (fork / ".git" / "aeon-release").exists()
    early = run_cli(*argv, "--date", "2001-01-01", env=_NO_ENGINE)
    assert early.code == 2 and "--date 2001-01-01 is before the commit of v0.29.2" in early.err, early.err
    assert _objects(fork) == before and not list((fork / ".git" / "aeon-release").glob("aside-*"))
    assert (fork / ".git" / "aeon-release").exists() == had_folder  # not even the tool's folder is left behind
    assert run_cli(*argv, env=_NO_ENGINE).code == 0 and _objects(fork) == before
    assert git(fork, "tag", "--list", "v0.29.2") == ""


def test_a_date_before_a_fetched_tag_s_commit_is_still_refused_by_the_dry_run(tmp_path: Path) -> None:
    """The tag here already: the dry run reads its commit's day without fetching and refuses as the run would."""
    argv = _release_argv(tmp_path, "v0.29.2")
    git(Path(str(argv[3])), "fetch", "-q", "upstream", "tag", "v0.29.2")
    done = run_cli(*argv, "--date", "2020-01-01", env=_NO_ENGINE)
    assert done.code == 2 and "--date 2020-01-01 is before the commit of v0.29.2" in done.err, done.err


def test_dry_runs_name_the_next_step(tmp_path: Path) -> None:
    """`merge --dry-run` ended on "dry run: nothing was changed" and named no next step, as every other stop of
    merge does; release's dry run neither.  Both now say the command that runs the plan, on stderr."""
    argv = _release_argv(tmp_path, "v0.29.0")
    merge = run_cli("merge", "v0.29.0", *argv[2:6], "--dry-run")
    assert merge.code == 0 and "next: the same command without --dry-run runs this plan" in merge.err, merge.err
    assert "next:" not in merge.out
    release = run_cli(*argv, env=_NO_ENGINE)
    assert release.code == 0 and "next: the same command without --dry-run runs these stages" in release.err


def test_release_takes_quiet_as_merge_and_build_do(tmp_path: Path) -> None:
    """`release -q` was refused ("No such option"), though release runs merge and build, which take it.  It takes it
    now: the same report on stdout; the hints still print."""
    argv = _release_argv(tmp_path, "v0.29.0")
    loud = run_cli(*argv, env=_NO_ENGINE)
    hushed = run_cli(*argv, "-q", env=_NO_ENGINE)
    assert hushed.code == 0, hushed.err
    assert hushed.out == loud.out and "next: " in hushed.err
