"""The first hour's loose ends after robust35: dry runs that say what comes next and change nothing, and
``release --quiet``."""

from __future__ import annotations

from pathlib import Path

from tests.helpers import build_example, git, run_cli

_NO_ENGINE = {"DOCKER_HOST": "unix:///nonexistent"}


def _objects(repo: Path) -> dict[str, str]:
    """``git count-objects -v`` as a dict: loose and packed counts, which a fetch of one commit moves."""
    out = git(repo, "count-objects", "-v")
    return dict(line.split(": ", 1) for line in out.splitlines() if line.split(": ", 1)[0] in ("count", "in-pack"))


def _release_argv(tmp_path: Path, tag: str) -> tuple[object, ...]:
    ex = build_example(tmp_path / "ex")
    if tag != "v0.29.0":  # a tag upstream has made and the fork has not fetched yet
        git(ex.upstream, "-c", "advice.nestedTag=false", "tag", "-a", tag, "-m", tag, "v0.29.0^{}")
    fleet = ex.config / "fleet.yaml"
    fleet.write_text(fleet.read_text().replace("repository: aeon-vllm-ultimate", "repository: ghcr.io/me/fork"))
    key = tmp_path / "keys" / "signing"
    assert run_cli("keygen", key).code == 0
    return ("release", tag, "--repo", ex.fork, "--config", ex.config, "--signing-key", key, "--dry-run")


def test_release_dry_run_with_a_date_fetches_nothing_for_a_tag_still_upstream_s(tmp_path: Path) -> None:
    """`release v0.29.1 --dry-run --date D` of a tag upstream has and the fork has not fetched fetched the tag's
    commit (objects, no ref) to check D against its day: a dry run changes nothing, the object store included.
    It now leaves the check to the run and says so; a date in the future is still refused at once."""
    argv = _release_argv(tmp_path, "v0.29.1")
    fork = Path(str(argv[3]))
    before = _objects(fork)
    done = run_cli(*argv, "--date", "2020-01-01", env=_NO_ENGINE)
    assert done.code == 0, done.err
    assert "--date 2020-01-01 is checked against the commit of v0.29.1 once the run fetches it" in done.err
    assert _objects(fork) == before
    future = run_cli(*argv, "--date", "2999-01-01", env=_NO_ENGINE)
    assert future.code == 2 and "is in the future" in future.err and _objects(fork) == before


def test_a_date_before_a_fetched_tag_s_commit_is_still_refused_by_the_dry_run(tmp_path: Path) -> None:
    """The tag here already: the dry run reads its commit's day without fetching and refuses as the run would."""
    argv = _release_argv(tmp_path, "v0.29.1")
    git(Path(str(argv[3])), "fetch", "-q", "upstream", "tag", "v0.29.1")
    done = run_cli(*argv, "--date", "2020-01-01", env=_NO_ENGINE)
    assert done.code == 2 and "--date 2020-01-01 is before the commit of v0.29.1" in done.err, done.err


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
