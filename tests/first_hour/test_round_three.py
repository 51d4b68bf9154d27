"""Robust34: the first hour's loose ends a new user still hit after robust33."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.first_hour.test_round_two import one_line
from tests.helpers import Beats, build_example, run_cli

_COMMANDS = {
    "publish": ("publish", "--image", "aeon-none:x", "--version", "v0.29.0"),
    "releases": ("releases",),
    "rollback": ("rollback",),
}


@pytest.mark.parametrize("command", sorted(_COMMANDS))
def test_registry_commands_take_fleet_yamls_image_repository_without_repository(tmp_path: Path, command: str) -> None:
    """`publish`, `releases` and `rollback` said "missing option '--repository'" after init, though fleet.yaml's
    image.repository (release's default since robust33) names the registry: it is their default too; a local
    name there, no fleet.yaml, or ``--repository ''`` is one line naming what to pass."""
    ex = build_example(tmp_path / "ex")
    argv = (*_COMMANDS[command], "--config", ex.config)
    env = {"DOCKER_HOST": "unix:///nonexistent"}
    local = run_cli(*argv, env=env)
    line = one_line(local.err)
    assert local.code == 2 and "fleet.yaml: image.repository 'aeon-vllm-ultimate' names no registry" in line, line
    fleet = ex.config / "fleet.yaml"
    fleet.write_text(fleet.read_text().replace("repository: aeon-vllm-ultimate", "repository: localhost:1/fork"))
    reached = one_line(run_cli(*argv, env=env).err)
    assert "--repository" not in reached and "names no registry" not in reached, reached
    empty = run_cli(*argv, "--repository", "", env=env)
    assert empty.code == 2 and "'--repository': an empty value" in one_line(empty.err)
    none = run_cli(*_COMMANDS[command], "--config", tmp_path, env=env)
    assert none.code == 2 and "no --repository given" in one_line(none.err), none.err


def test_release_dry_run_lists_every_missing_piece_in_one_run(tmp_path: Path) -> None:
    """`release --dry-run` stopped at the first missing piece (the Dockerfile), and the next run at the next (the
    signing key, then a --waive naming no rule): every one is a line with its hint, then one summary; exit 2."""
    ex = build_example(tmp_path / "ex")
    fleet = ex.config / "fleet.yaml"
    fleet.write_text(fleet.read_text().replace("repository: aeon-vllm-ultimate", "repository: ghcr.io/me/fork"))
    argv = ("release", "v0.29.0", "--repo", ex.fork, "--config", ex.config, "--dry-run")
    env = {"DOCKER_HOST": "unix:///nonexistent", "AEON_SIGNING_KEY": ""}
    done = run_cli(*argv, "--dockerfile", tmp_path / "Dockerfile", "--waive", "no-such-rule=x", env=env)
    lines = [line for line in done.err.splitlines() if line.startswith("error: ")]
    assert done.code == 2 and len(lines) == 4, done.err
    assert "--waive: no audit rule 'no-such-rule'" in lines[0] and "(hint: " in lines[0]
    assert "Dockerfile" in lines[1] and "does not exist" in lines[1]
    assert "no signing key" in lines[2] and "keygen" in lines[2]
    assert "3 things stop the run" in lines[3] and not done.out
    key = tmp_path / "keys" / "signing"
    assert run_cli("keygen", key).code == 0
    one = run_cli(*argv, "--dockerfile", tmp_path / "Dockerfile", "--signing-key", key, env=env)
    assert one.code == 2 and one.err.count("error: ") == 1 and "Dockerfile" in one.err, one.err


@pytest.mark.parametrize("machine", [(), ("--format", "json")])
def test_audit_says_it_is_still_at_work_every_few_seconds_where_stderr_is_no_terminal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, machine: tuple[str, ...]
) -> None:
    """`audit` in a CI log (stderr a pipe or a file) printed nothing for ~9 s: the spinner draws only on a terminal.
    A plain line now and then on stderr says it is at work; stdout holds the report alone."""
    import functools
    import json

    from aeon_release.adapters import console
    from aeon_release.commands import audit as audit_cmd
    from aeon_release.domain import audits

    ex = build_example(tmp_path / "ex")
    real = audits.audit_tree
    beats = Beats(monkeypatch)

    def slow(*args: object, **kwargs: object) -> object:
        beats.wait(2)  # an audit slower than two beats, however late a loaded machine runs the heartbeat
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(audits, "audit_tree", slow)
    monkeypatch.setattr(audit_cmd, "heartbeat", functools.partial(console.heartbeat, first=0.1, every=0.2))
    done = run_cli("audit", "--repo", ex.fork, "--config", ex.config, *machine)
    beats = [line for line in done.err.splitlines() if line.startswith("auditing ") and "s so far" in line]
    assert done.code in (0, 1) and len(beats) >= 2, done.err
    assert "s so far" not in done.out
    if machine:
        json.loads(done.out)


def test_a_heartbeat_says_nothing_for_work_done_sooner(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import re

    from aeon_release.adapters.console import heartbeat

    beats = Beats(monkeypatch)
    with heartbeat("quick [work]", first=5.0):
        pass
    with heartbeat("slow [work]", first=0.05, every=10.0):
        beats.wait(1)  # work slower than the first beat: a 0.2 s sleep ended before a loaded machine ran the beat
    captured = capsys.readouterr()
    assert captured.out == "" and len(re.findall(r"slow \[work\]: \d+ s so far", captured.err)) == 1, captured
    assert "quick" not in captured.err


def test_help_lists_the_commands_as_the_workflow_goes() -> None:
    """`--help` listed the commands in the order the code registers them (status before audit, release after
    image-report): the workflow's come first, in its order, as gh and git group theirs; the rest follow."""
    done = run_cli("--help")
    section = done.out.split("Commands:", 1)[1].splitlines()
    names = [line.split()[0] for line in section if line.startswith("  ") and line.split()]
    workflow = ["init", "merge", "audit", "build", "publish", "release", "notes", "canary"]
    assert done.code == 0 and names[: len(workflow)] == workflow, names
    assert {"status", "verify", "keygen", "releases", "rollback", "ledger", "audits"} <= set(names[len(workflow) :])


@pytest.mark.parametrize("setting", ["true", "2", "false"])
def test_merge_log_puts_the_merged_commits_summaries_in_the_merge_message_as_git_merge_does(
    tmp_path: Path, setting: str
) -> None:
    """``merge.log`` (git merge appends the merged commits' one-line summaries: true is 20, a number that many)
    was not honoured: merge-tree and commit-tree read none of it.  The merge commit's message is now the one
    `git merge -m MESSAGE` makes in a checkout of the fork branch under the same setting."""
    from tests.helpers import git

    ex = build_example(tmp_path / "ex")
    git(ex.fork, "config", "merge.log", setting)
    done = run_cli("merge", "v0.29.0", "--repo", ex.fork, "--config", ex.config, "--no-fetch")
    assert done.code == 0, done.err
    merge = git(ex.fork, "rev-list", "--merges", "-1", "aeon-v0.29.0").strip()
    ours = git(ex.fork, "log", "-1", "--format=%B", merge)
    title = ours.splitlines()[0]
    place = tmp_path / "by-hand"
    git(ex.fork, "worktree", "add", "-q", "--detach", str(place), "aeon-v0.27.1")
    git(place, "merge", "-q", "--no-ff", "-m", title, "v0.29.0")
    assert ours == git(place, "log", "-1", "--format=%B", "HEAD")
    assert ("* tag 'v0.29.0':" in ours) == (setting != "false"), ours
    if setting == "2":
        assert ours.rstrip("\n").endswith("  ..."), ours


def test_a_merge_log_git_merge_dies_on_is_refused_before_anything_is_made(tmp_path: Path) -> None:
    from tests.helpers import git

    ex = build_example(tmp_path / "ex")
    branches = git(ex.fork, "for-each-ref", "refs/heads")
    git(ex.fork, "config", "merge.log", "maybe")
    done = run_cli("merge", "v0.29.0", "--repo", ex.fork, "--config", ex.config, "--no-fetch", "--dry-run")
    line = one_line(done.err)
    assert done.code == 2 and "merge.log='maybe' is neither a boolean nor a number" in line, line
    assert git(ex.fork, "for-each-ref", "refs/heads") == branches


def test_a_conflicted_merge_under_merge_log_carries_the_summaries_once(tmp_path: Path) -> None:
    """The merge that stopped on a conflict is replayed by git merge in the run's worktree, which reads merge.log
    itself: the message it is given already holds the summaries, so they are not doubled."""
    from tests.helpers import git

    ex = build_example(tmp_path / "ex")
    with (ex.fork / "docs" / "serving.md").open("a") as handle:
        handle.write("Fork line.\n")
    git(ex.fork, "commit", "-qam", "fork docs")
    git(ex.fork, "config", "merge.log", "3")
    stopped = run_cli("merge", "v0.29.0", "--repo", ex.fork, "--config", ex.config, "--no-fetch")
    assert stopped.code == 1, stopped.err
    worktree = ex.fork / ".git" / "aeon-release" / "worktrees" / "v0.29.0"
    (worktree / "docs" / "serving.md").write_text("resolved\n")
    git(worktree, "add", "docs/serving.md")
    done = run_cli("merge", "--continue", "v0.29.0", "--repo", ex.fork)
    assert done.code == 0, done.err
    merge = git(ex.fork, "rev-list", "--merges", "-1", "aeon-v0.29.0").strip()
    message = git(ex.fork, "log", "-1", "--format=%B", merge)
    assert message.count("* tag 'v0.29.0':") == 1, message
