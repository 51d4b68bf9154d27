"""Robust35: the first hour's loose ends a new user still hit after robust34."""

from __future__ import annotations

import contextlib
import json
import os
import re
import time
from pathlib import Path

import pytest

from aeon_release.adapters import console
from tests.first_hour.test_round_two import one_line
from tests.helpers import Beats, build_example, run_cli

# the merge step, where git's settings can still be refused, says its line once the carries begin
_STEPS = ("merge", "carries", "picks", "audit", "finish")


@pytest.mark.parametrize("machine", [(), ("--json",)])
def test_merge_says_each_step_in_a_line_where_stderr_is_no_terminal(tmp_path: Path, machine: tuple[str, ...]) -> None:
    """`merge` in a CI log (stderr a pipe or a file) said nothing for the whole run: its spinner draws only on a
    terminal.  A plain line per step now, on stderr; stdout holds the report (or the JSON) alone."""
    ex = build_example(tmp_path / "ex")
    done = run_cli("merge", "v0.29.0", "--repo", ex.fork, "--config", ex.config, *machine)
    assert done.code == 0, done.err
    lines = [
        line
        for line in done.err.splitlines()
        if line.startswith("merging v0.29.0 onto aeon-v0.27.1: step ") and not line.endswith(" s so far")
    ]  # a heartbeat's "...: N s so far" is a stage slower than its first beat (a loaded machine), not a step
    assert [line.rsplit(", ", 1)[1] for line in lines] == list(_STEPS), done.err
    assert "step 1/5" not in done.out
    if machine:
        json.loads(done.out)


def test_merge_quiet_shows_no_progress_and_the_same_report(tmp_path: Path) -> None:
    """``--quiet`` (``-q``, as git merge's): no step lines; the report, the hint and errors print as before."""
    ex = build_example(tmp_path / "ex")
    done = run_cli("merge", "v0.29.0", "--repo", ex.fork, "--config", ex.config, "-q")
    assert done.code == 0, done.err
    assert "merging" not in done.err and "step 1/5" not in done.err, done.err
    assert "created aeon-v0.29.0" in done.out and "next: " in done.err


def test_a_refused_merge_is_still_one_error_line(tmp_path: Path) -> None:
    """The planning stage and the merge step say their lines only once slow: a tag that is not there, or a git
    setting the merge step refuses, is the one line it was."""
    from tests.helpers import git

    ex = build_example(tmp_path / "ex")
    done = run_cli("merge", "v9.9.9", "--repo", ex.fork, "--config", ex.config, "--no-fetch")
    assert done.code == 2
    one_line(done.err)
    (ex.fork / ".gitattributes").write_text("*.py text=auto\n")
    git(ex.fork, "add", ".gitattributes")
    git(ex.fork, "commit", "-qm", "attributes")
    git(ex.fork, "config", "merge.renormalize", "true")
    refused = run_cli("merge", "v0.29.0", "--repo", ex.fork, "--config", ex.config, "--no-fetch")
    assert refused.code == 2 and "merge.renormalize" in one_line(refused.err)


def test_build_says_its_stages_where_stderr_is_no_terminal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`build` off a terminal said nothing between its BuildKit steps about where it stood: the build and the
    image check now say a line each on stderr, and the stages before them, which can still refuse, once the build
    begins (or once slow); ``--quiet`` hides them and the BuildKit step lines too, never the error.  A build
    refused before it begins (no engine) is the one error line it was."""
    from aeon_release.adapters.buildkit import BuildEvent
    from aeon_release.errors import NeedsHuman
    from aeon_release.pipeline import build

    def finish(report: object, on_event: object, on_stage: object) -> None:  # an engine's events, no engine
        assert callable(on_stage) and callable(on_event)
        for stage in ("connecting to the engine", "audit gate", build._BUILDING[0]):
            on_stage(stage)
        on_event(BuildEvent(1, 2, "FROM scratch"))
        on_stage(build._BUILDING[1])
        raise NeedsHuman("image lacks a part", "add it")

    monkeypatch.setattr(build, "_finish", finish)
    ex = build_example(tmp_path / "ex")
    argv = ("build", "--version", "v0.27.1", "--repo", ex.fork, "--config", ex.config)
    shown = run_cli(*argv)
    lines = [line for line in shown.err.splitlines() if line.strip()]
    assert shown.code == 1 and lines == [
        "build v0.27.1: preflight",
        "build v0.27.1: connecting to the engine",
        "build v0.27.1: audit gate",
        "build v0.27.1: building the image",
        "step 1/2: FROM scratch",
        "build v0.27.1: checking the image (platform, load-bearing parts)",
        "error: image lacks a part (hint: add it)",
    ], shown.err
    assert not shown.out
    hushed = run_cli(*argv, "--quiet")
    assert hushed.code == 1 and [line for line in hushed.err.splitlines() if line.strip()] == lines[-1:], hushed.err
    monkeypatch.undo()
    refused = run_cli(*argv, env={"DOCKER_HOST": "unix:///nonexistent"})
    assert refused.code == 2 and "engine" in one_line(refused.err).lower()


def test_a_stage_slower_than_the_first_beat_says_so(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Off a terminal the spinner is lines: one per stage at once, the heartbeat's inside a slow stage, and
    under quiet nothing.  The quick stages are quick by construction and the slow one waits for its line
    (a 0.2 s sleep lost the race both ways under load: the line late, or a beat for "work: one")."""
    beats = Beats(monkeypatch)
    with contextlib.ExitStack() as heart:
        with beats.quick():
            beat = heart.enter_context(console.heartbeat("work", first=0.05, every=10.0, stages=True))
            beat.update("work: one")
            beat.update("work: one")  # the same stage again: no second line
            beat.update("work: two", line=False)  # held: said by the heartbeat, once slow
        beats.wait(1)
        with beats.quick():
            beat.update("work: three", line=False)  # held: said when a stage that cannot refuse begins
            beat.update("work: four")
            beat.update("work: five", line=False)  # held and never said: the work ended in it
    with console.quiet(), console.spinner("hushed") as shown:
        shown.update("hushed: one")
    captured = capsys.readouterr()
    assert captured.out == ""
    assert _beats_as_n(captured.err) == [
        "work: one",
        "work: two: N s so far",
        "work: three",
        "work: four",
    ], captured.err


def test_the_heartbeat_says_held_stages_in_their_order(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A slow stage's line comes after the held stages before it, never before them (a CI log read
    "audit gate: 3 s so far" above "preflight")."""
    beats = Beats(monkeypatch)
    with contextlib.ExitStack() as heart:
        with beats.quick():
            beat = heart.enter_context(console.heartbeat("build", first=0.05, every=10.0, stages=True))
            beat.update("build: preflight", line=False)
            beat.update("build: connecting", line=False)
            beat.update("build: audit gate", line=False)
        beats.wait(1)
        beat.update("build: building the image")
    assert _beats_as_n(capsys.readouterr().err) == [
        "build: preflight",
        "build: connecting",
        "build: audit gate: N s so far",
        "build: building the image",
    ]


def _beats_as_n(err: str) -> list[str]:
    """stderr's lines, a heartbeat's count as N: a loaded machine may run its thread half a second late."""
    return [re.sub(r": \d+ s so far$", ": N s so far", line) for line in err.splitlines()]


def test_the_heartbeat_keeps_the_cheap_fork() -> None:
    """The heartbeat thread writes only under streams.SPEAKING, which a fork takes first: it is no reason for
    merge's checks and the audit's pool to leave fork for a new interpreter (off a terminal, every CI log and
    benchmark ran them so)."""
    from aeon_release import streams
    from aeon_release.domain.audits import runner

    if not streams.lone_thread():
        pytest.skip("another thread runs in this test process")
    with console.heartbeat("work", first=0.01, every=0.01, stages=True):
        time.sleep(0.05)
        assert streams.lone_thread()
        assert runner._context().get_start_method() == "fork"
        pid = os.fork()  # the child inherits no half-written line: it can write and exit
        if pid == 0:
            os.write(2, b"")
            os._exit(0)
        assert os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]) == 0


def _merge_message(ex_fork: Path, branch: str = "aeon-v0.29.0") -> str:
    from tests.helpers import git

    merge = git(ex_fork, "rev-list", "--merges", "-1", branch).strip()
    return git(ex_fork, "log", "-1", "--format=%B", merge)


@pytest.mark.parametrize(
    ("log", "options", "summaries"),
    [
        ("true", "--no-log", 0),
        ("true", "--no-ff --log=2", 2),
        ("false", "--log", 3),
        ("false", "--log=3 --no-log", 0),
        ("2", "--log=-1", 2),
    ],
)
def test_branch_merge_options_log_is_honoured_over_merge_log_as_git_merge_does(
    tmp_path: Path, log: str, options: str, summaries: int
) -> None:
    """``branch.NAME.mergeOptions`` with ``--no-log`` went by unread (the message took merge.log's summaries) and
    ``--log=3`` was refused as an option the merge "does not do": git merge parses the branch's options after the
    config, so they win over merge.log (the last one of them; a negative N leaves it to merge.log).  The message is
    the one `git merge -m MESSAGE` makes on that branch, checked out, under the same settings."""
    from tests.helpers import git

    ex = build_example(tmp_path / "ex")
    git(ex.fork, "config", "merge.log", log)
    git(ex.fork, "config", "branch.aeon-v0.27.1.mergeOptions", options)
    done = run_cli("merge", "v0.29.0", "--repo", ex.fork, "--config", ex.config, "--no-fetch")
    assert done.code == 0, done.err
    ours = _merge_message(ex.fork)
    place = tmp_path / "by-hand"
    git(ex.fork, "worktree", "add", "-q", "-f", str(place), "aeon-v0.27.1")  # on the branch: its mergeOptions
    git(place, "merge", "-q", "--no-ff", "-m", ours.splitlines()[0], "v0.29.0")
    assert ours == git(place, "log", "-1", "--format=%B", "HEAD")
    assert ("* tag 'v0.29.0':" in ours) == (summaries > 0), ours
    listed = [line for line in ours.splitlines() if line.startswith("  ") and line != "  ..."]
    assert len(listed) == summaries, ours


@pytest.mark.parametrize(
    ("previous", "made", "said"),
    [
        ("--log=abc", None, "'--log=abc' is no number of commits"),
        ("--log=3", "--no-log", "asks for a log of 3 commit(s) and branch.aeon-v0.29.0.mergeOptions asks for no log"),
    ],
)
def test_a_log_option_git_merge_dies_on_or_two_branches_disagree_on_is_one_line(
    tmp_path: Path, previous: str, made: str | None, said: str
) -> None:
    """``--log=abc`` (git merge dies: "option `log' expects a numerical value"), or the branch merged onto and the
    branch made asking for different logs: one line naming the setting, before anything is made."""
    from tests.helpers import git

    ex = build_example(tmp_path / "ex")
    git(ex.fork, "config", "branch.aeon-v0.27.1.mergeOptions", previous)
    if made is not None:
        git(ex.fork, "config", "branch.aeon-v0.29.0.mergeOptions", made)
    branches = git(ex.fork, "for-each-ref", "refs/heads")
    done = run_cli("merge", "v0.29.0", "--repo", ex.fork, "--config", ex.config, "--no-fetch")
    line = one_line(done.err)
    assert done.code == 2 and said in line and "mergeOptions" in line, line
    assert git(ex.fork, "for-each-ref", "refs/heads") == branches
    # release's preflight reads both branches too (it read the one made only: its merge stage refused later)
    argv = ("release", "v0.29.0", "--dry-run", "--repo", ex.fork, "--config", ex.config, "--repository", "ghcr.io/a/b")
    dry = run_cli(*argv, env={"DOCKER_HOST": "unix:///nonexistent", "AEON_SIGNING_KEY": ""})
    assert dry.code == 2 and any(said in line for line in dry.err.splitlines() if line.startswith("error: ")), dry.err


@pytest.mark.parametrize("machine", [(), ("--json",)])
def test_build_dry_run_checks_and_prints_the_build_without_an_engine(tmp_path: Path, machine: tuple[str, ...]) -> None:
    """`build --dry-run` was "no such option", where `merge` and `release` take it: the preflight (options,
    Dockerfile, arch list, the revision against --version) and what the build would do, on stdout; no engine
    asked, nothing built, the same refusals as the real run."""
    from tests.helpers import git

    ex = build_example(tmp_path / "ex")
    argv = ("build", "--version", "v0.27.1", "--repo", ex.fork, "--config", ex.config, "--dry-run", *machine)
    env = {"DOCKER_HOST": "unix:///nonexistent"}
    done = run_cli(*argv, env=env)
    assert done.code == 0, done.err
    if machine:
        plan = json.loads(done.out)
        assert plan["dry_run"] is True and plan["tag"] == "aeon-vllm-ultimate:v0.27.1", plan
        assert plan["revision"] == git(ex.fork, "rev-parse", "HEAD").strip()
    else:
        assert "build aeon-vllm-ultimate:v0.27.1 from " in done.out and "build args: " in done.out, done.out
    assert "dry run: nothing was built" in done.err and "error: " not in done.err
    ahead = run_cli(*argv[:2], "v0.29.0", *argv[3:], env=env)  # HEAD lacks v0.29.0: refused as the build is
    assert ahead.code == 2 and "does not contain v0.29.0" in one_line(ahead.err)


def test_publish_dry_run_prints_the_plan_and_pushes_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`publish --dry-run` was "no such option": it runs publish's own checks (publish.plan, registry read only)
    and prints what it would push; nothing is executed.  ``--image`` left out is the name `build` gives the
    image by default (fleet.yaml's image.repository:VERSION), where it was "missing option '--image'"."""
    from aeon_release.pipeline import publish

    seen: list[object] = []

    class Plan:
        def actions(self) -> list[str]:
            return ["push it", "point :latest at it"]

    def plan(request: publish.PublishRequest) -> Plan:
        seen.append(request.image)
        return Plan()

    def execute(*args: object, **kwargs: object) -> None:
        raise AssertionError("a dry run executes nothing")

    monkeypatch.setattr(publish, "plan", plan)
    monkeypatch.setattr(publish, "execute", execute)
    ex = build_example(tmp_path / "ex")
    fleet = ex.config / "fleet.yaml"
    fleet.write_text(fleet.read_text().replace("repository: aeon-vllm-ultimate", "repository: ghcr.io/me/fork"))
    done = run_cli("publish", "--version", "v0.29.0", "--repo", ex.fork, "--config", ex.config, "--dry-run")
    assert done.code == 0, done.err
    assert done.out.splitlines() == ["push it", "point :latest at it"] and "dry run: nothing was pushed" in done.err
    assert seen == ["ghcr.io/me/fork:v0.29.0"]
    named = run_cli("publish", "--image", "x:1", "--version", "v0.29.0", "--config", ex.config, "--dry-run", "--json")
    assert named.code == 0 and json.loads(named.out)["actions"] == ["push it", "point :latest at it"]
    assert seen[-1] == "x:1"
    empty = run_cli("publish", "--image", "", "--version", "v0.29.0", "--config", ex.config, "--dry-run")
    assert empty.code == 2 and "'--image': an empty value" in one_line(empty.err)
    nowhere = run_cli("publish", "--version", "v0.29.0", "--repository", "ghcr.io/a/b", "--config", tmp_path)
    assert nowhere.code == 2 and "no --image given" in one_line(nowhere.err)
    # the default name is made of --version and --variant: a bad one is named as given (the final read: "image
    # 'aeon-vllm-ultimate:v1.2.3:x' is not a valid image reference", an image nobody typed)
    for bad, named_as in (
        (("--version", "v1.2.3:x"), "version 'v1.2.3:x' is not of the form"),
        (("--version", "v0.29.0", "--variant", "a b"), "variant 'a b' is not a valid variant"),
    ):
        refused = run_cli("publish", *bad, "--config", ex.config, "--dry-run")
        assert refused.code == 2 and named_as in one_line(refused.err), refused.err


def test_status_of_a_finished_merge_says_what_comes_next(tmp_path: Path) -> None:
    """`status` after a merge said "v0.29.0: done; steps done: ..." and nothing of what to do next, where the merge
    had said it: the newest finished merge with no release run names the same build and release commands."""
    ex = build_example(tmp_path / "ex")
    assert run_cli("merge", "v0.29.0", "--repo", ex.fork, "--config", ex.config, "--no-fetch").code == 0
    done = run_cli("status", "--repo", ex.fork)
    assert done.code == 0 and "v0.29.0: done" in done.out, done.err
    (hint,) = [line for line in done.err.splitlines() if line.startswith("next: ")]
    assert "aeon-release build --version v0.29.0 --rev aeon-v0.29.0" in hint and "aeon-release release v0.29.0" in hint
    assert "next: " not in run_cli("status", "--repo", ex.fork, "--json").err


def test_keygen_says_how_publish_finds_the_key(tmp_path: Path) -> None:
    """`keygen` wrote the key and said nothing of how publish and release find it (a new user's next question):
    the three ways, with the path as a shell word to paste."""
    done = run_cli("keygen", tmp_path / "my keys" / "signing")
    assert done.code == 0, done.err
    (hint,) = [line for line in done.err.splitlines() if line.startswith("next: ")]
    assert f"--signing-key '{tmp_path / 'my keys' / 'signing'}'" in hint, hint
    assert "AEON_SIGNING_KEY=" in hint and "signing_key:" in hint and "fleet.yaml" in hint


def test_release_dry_run_of_a_tag_not_fetched_yet_says_the_merge_fetches_it(tmp_path: Path) -> None:
    """`release v0.29.1 --dry-run` of a tag upstream has and the fork has not fetched yet said "--no-fetch: remote
    'upstream' not asked (hint: ... drop --no-fetch)": release has no --no-fetch, and its merge stage fetches, as
    `merge` does.  The dry run now says so and names the merge dry run that shows the plan once fetched; a tag
    upstream has not made either (asked with ls-remote, nothing fetched) is refused as the run would refuse it."""
    from tests.helpers import git

    ex = build_example(tmp_path / "ex")
    git(ex.upstream, "tag", "-a", "v0.29.1", "-m", "v0.29.1", "v0.29.0")
    fleet = ex.config / "fleet.yaml"
    fleet.write_text(fleet.read_text().replace("repository: aeon-vllm-ultimate", "repository: ghcr.io/me/fork"))
    key = tmp_path / "keys" / "signing"
    assert run_cli("keygen", key).code == 0
    argv = ("release", "v0.29.1", "--repo", ex.fork, "--config", ex.config, "--signing-key", key, "--dry-run")
    done = run_cli(*argv, env={"DOCKER_HOST": "unix:///nonexistent"})
    assert "--no-fetch" not in done.err and "fetch upstream's tags from 'upstream'" in done.out, done.err
    assert "`aeon-release merge v0.29.1 --dry-run`" in done.out and done.code == 0, done.err
    assert git(ex.fork, "tag", "--list", "v0.29.1") == ""  # the dry run fetched nothing
    nowhere = run_cli(*argv[:1], "v0.29.2", *argv[2:], env={"DOCKER_HOST": "unix:///nonexistent"})
    assert nowhere.code == 2 and "tag 'v0.29.2' does not exist" in nowhere.err and "--no-fetch" not in nowhere.err


def _readme_blocks() -> list[list[str]]:
    """The command lines of the README's "Your own fork" blocks, comments and continuation comments dropped."""
    import re

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    section = readme.split("### Your own fork", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```sh\n(.*?)```", section, re.DOTALL)
    return [
        [line.split("#", 1)[0].strip() for line in block.splitlines() if line.split("#", 1)[0].strip()]
        for block in blocks
    ]


def _scratch_fork(root: Path) -> Path:
    """A fork shaped as the README's "Your own fork" says: upstream as `upstream` with v0.27.1 and v0.29.0, the fork
    branch myfork-v0.27.1 checked out with one carry, origin on GitHub, a Dockerfile at the top."""
    from tests.helpers import git

    upstream, fork = root / "upstream", root / "fork"
    upstream.mkdir(parents=True)
    git(upstream, "init", "-q", "-b", "main")
    (upstream / "pkg").mkdir()
    (upstream / "pkg" / "serve.py").write_text("def serve(x):\n    return x\n")
    (upstream / "Dockerfile").write_text('FROM scratch\nARG TORCH_CUDA_ARCH_LIST="9.0"\nCOPY . /app\n')
    git(upstream, "add", "-A")
    git(upstream, "commit", "-qm", "initial (#1)")
    git(upstream, "tag", "-a", "v0.27.1", "-m", "v0.27.1")
    (upstream / "pkg" / "serve.py").write_text("def serve(x, y=0):\n    return x + y\n")
    git(upstream, "commit", "-qam", "serve takes y (#2)")
    git(upstream, "tag", "-a", "v0.29.0", "-m", "v0.29.0")
    git(root, "clone", "-q", str(upstream), str(fork))
    git(fork, "remote", "rename", "origin", "upstream")
    git(fork, "remote", "add", "origin", "https://github.com/me/fork.git")
    git(fork, "checkout", "-q", "-b", "myfork-v0.27.1", "v0.27.1")
    (fork / "pkg" / "fast.py").write_text(
        "from pkg.serve import serve\n\n\ndef fast_serve(x):\n    return serve(x) * 2\n"
    )
    git(fork, "add", "-A")
    git(fork, "commit", "-qm", "fork: fast serve path")
    return fork


def test_the_readme_s_own_fork_commands_run_as_written_on_a_fresh_fork(tmp_path: Path) -> None:
    """A stranger following "Your own fork" from the top: every command of its blocks runs as written (`init`
    without --dry-run after it; image.load_bearing added as the README and build's hint say), exit 0, and the
    release half's block exists at all (it was "see below", with no command to run)."""
    import shlex

    fork = _scratch_fork(tmp_path)
    first, release_half = _readme_blocks()
    assert first[0] == "aeon-release init --dry-run" and any(
        line.startswith("aeon-release build") for line in release_half
    )
    env = {"DOCKER_HOST": "unix:///nonexistent", "AEON_SIGNING_KEY": None}
    for line in [first[0], "aeon-release init", *first[1:]]:
        done = run_cli(*shlex.split(line)[1:], cwd=fork, env=env)
        assert done.code == 0, (line, done.err)
    (fork / "load_bearing.txt").write_text("cmd sh\nfile /app/pkg/fast.py\n")
    fleet = fork / "fleet.yaml"
    fleet.write_text(
        fleet.read_text().replace(
            "  dockerfile: Dockerfile\n", "  dockerfile: Dockerfile\n  load_bearing: load_bearing.txt\n"
        )
    )
    for line in release_half:
        done = run_cli(*shlex.split(line)[1:], cwd=fork, env=env)
        assert done.code == 0, (line, done.err)
        assert "error: " not in done.err, (line, done.err)
