"""Hostile-input sweep 35: a reader of stdout that goes away, a report named over a file the audit reads, and a
release, build or publish stopped by Ctrl-C or SIGTERM on a real engine and registry; then new classes.  Real
pipes, real git, the real CLI."""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from aeon_release.adapters.registry import Registry, parse_repository
from aeon_release.adapters.sandbox import RegistryProcess
from tests.helpers import build_example, run_cli, snapshot
from tests.hostile.conftest import ROOT, git, programs_naming, run_limited, stopped_at, with_a_helper
from tests.pipeline.conftest import ReleaseSetup, release_in
from tests.publish.helpers import TODAY

pytestmark = pytest.mark.slow

MARKER = "<<<<<<< HEAD\nours\n=======\ntheirs\n>>>>>>> branch\n"


# -- a reader of stdout that goes away ---------------------------------------------------------------------------
def _read_first_line(*argv: str | Path) -> tuple[int, str, str]:
    """``aeon-release ARGV | head -1``: a real pipe whose reader takes the first line and goes away; the exit code,
    the line read and stderr."""
    with subprocess.Popen(
        [sys.executable, "-m", "aeon_release", *map(str, argv)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    ) as writer:
        assert writer.stdout is not None and writer.stderr is not None
        first = writer.stdout.readline().decode()
        writer.stdout.close()  # as `head -1` does once it has its line
        err = writer.stderr.read().decode()
        return writer.wait(120), first, err


@pytest.mark.parametrize("findings", [False, True], ids=["clean", "renumbered-enum"])
def test_merge_piped_into_head_keeps_its_own_exit_code(tmp_path: Path, findings: bool) -> None:
    """``aeon-release merge v0.29.0 | head -1`` made the branch, then failed on its next line: "error: output:
    Broken pipe", exit 2 (bad input, "nothing was changed") with the branch made.  The rest of the report goes
    nowhere, nothing is said, and the exit code is the merge's own: 0 done, 1 stopped on its audit."""
    ex = build_example(tmp_path / "ex", renumber_enum=findings)
    code, first, err = _read_first_line("merge", "v0.29.0", "--repo", ex.fork, "--config", ex.config, "--no-fetch")
    assert code == (1 if findings else 0), (code, err)
    assert first.startswith("v0.29.0 (") and "Broken pipe" not in err and "Traceback" not in err, (first, err)
    made = git(ex.fork, "branch", "--list", "aeon-v0.29.0")
    assert bool(made) is not findings, made


def _stderr_to_a_gone_reader(*argv: str | Path) -> subprocess.CompletedProcess[bytes]:
    """``aeon-release ARGV 2> >(true)``: stderr a real pipe whose reader went away before the first line; stdout
    captured."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        return subprocess.run(
            [sys.executable, "-m", "aeon_release", *map(str, argv)],
            stdout=subprocess.PIPE,
            stderr=write_end,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            timeout=120,
        )
    finally:
        os.close(write_end)


@pytest.mark.parametrize(
    ("more", "shown"),
    [((), "carries"), (("--dry-run",), "carries")],
    ids=["merge", "dry-run"],
)
def test_a_reader_of_stderr_that_went_away_stops_nothing(tmp_path: Path, more: tuple[str, ...], shown: str) -> None:
    """``2>&1 | head -1``, a log collector that died: the first progress line after stderr's reader left was an
    EPIPE, and ``merge`` made its branch and exited 2 (``--dry-run``: no plan printed at all).  The rest of stderr
    goes nowhere; the command finishes with its own exit code and its stdout."""
    ex = build_example(tmp_path / "ex")
    done = _stderr_to_a_gone_reader("merge", "v0.29.0", "--repo", ex.fork, "--config", ex.config, "--no-fetch", *more)
    assert done.returncode == 0 and shown.encode() in done.stdout, (done.returncode, done.stdout[-600:])
    assert bool(git(ex.fork, "branch", "--list", "aeon-v0.29.0")) is not bool(more)


def test_an_audit_whose_stderr_reader_went_away_keeps_its_verdict(tmp_path: Path) -> None:
    """``audit --format json`` printed its report, then its summary line to the gone stderr: exit 2 for a clean
    tree, which a gate reads as "bad input"."""
    ex = build_example(tmp_path / "ex")
    done = _stderr_to_a_gone_reader("audit", "--repo", ex.fork, "--config", ex.config, "--format", "json")
    assert done.returncode == 0 and b'"errors": 0' in done.stdout, (done.returncode, done.stdout[-600:])


# -- a report named over a file the audit reads ------------------------------------------------------------------
@pytest.mark.parametrize(
    ("named", "scope"),
    [
        ("vllm/__init__.py", ()),
        ("docs/../vllm/__init__.py", ()),
        ("vllm/__init__.py", ("--rev", "HEAD")),
        ("README.md", ("--changed-since", "HEAD")),
    ],
    ids=["module", "dotted-path", "rev", "changed-since"],
)
def test_a_report_named_over_a_tracked_file_is_refused(tmp_path: Path, named: str, scope: tuple[str, ...]) -> None:
    """``audit --output vllm/__init__.py`` (a slip for the report's name) replaced the module the audit had just
    read with the report, exit 0: a command that only reads changed the checkout.  Refused before the audit, one
    line naming the tracked file; the checkout as it was."""
    ex = build_example(tmp_path / "ex")
    before, held = snapshot(ex.fork), (ex.fork / "vllm" / "__init__.py").read_bytes()
    run = run_limited("audit", "--config", ex.config, *scope, "--format", "json", "--output", named, cwd=ex.fork)
    assert run.code == 2 and run.out == "" and "Traceback" not in run.err, run.err
    [line] = run.err.strip().splitlines()
    tracked = os.path.normpath(named)
    assert f"that is {tracked}, a file git tracks in the audited checkout" in line and "(hint:" in line, line
    assert snapshot(ex.fork) == before and (ex.fork / "vllm" / "__init__.py").read_bytes() == held


def test_a_report_of_its_own_in_the_checkout_is_written_again(tmp_path: Path) -> None:
    """The twin: an untracked report of an earlier run in the checkout is replaced, run after run."""
    ex = build_example(tmp_path / "ex")
    for _ in range(2):
        run = run_limited("audit", "--config", ex.config, "--format", "json", "--output", "audit.json", cwd=ex.fork)
        assert run.code == 0, run.err
    assert '"errors": 0' in (ex.fork / "audit.json").read_text()


@pytest.mark.parametrize("name", ["carries.yaml", "cherry_picks.yaml", "fleet.yaml", "audits/kv_quant.yaml"])
def test_a_report_named_over_the_config_of_a_remembered_audit_is_refused(tmp_path: Path, name: str) -> None:
    """``audit --rev HEAD --output carries.yaml`` of a revision audited before: the answer came from the findings
    cache, which reads no ledger, so the write's check of the files this run read let the report replace the
    ledger, and every later command failed on it ("carries.yaml: errors: unknown key")."""
    ex = build_example(tmp_path / "ex")
    argv = ("audit", "--repo", ex.fork, "--config", ex.config, "--rev", "HEAD", "--format", "json")
    assert run_limited(*argv).code == 0  # remembered from here on
    held = (ex.config / name).read_bytes()
    run = run_limited(*argv, "--output", ex.config / name)
    assert run.code == 2 and "Traceback" not in run.err, run.err
    [line] = run.err.strip().splitlines()
    assert f"that is {name}, which this run read; refusing to write over it" in line, line
    assert (ex.config / name).read_bytes() == held
    assert run_limited(*argv).code == 0


# -- a release, a build or a publish stopped by Ctrl-C or SIGTERM (a real engine and registry) --------------------
@pytest.fixture
def release(tmp_path: Path, registry: RegistryProcess, busybox_image: str) -> Iterator[ReleaseSetup]:
    yield from release_in(tmp_path, registry)


def _stages(setup: ReleaseSetup) -> dict[str, str]:
    state = setup.example.fork / ".git" / "aeon-release" / "runs" / "v0.29.0" / "pipeline.json"
    return {name: entry["status"] for name, entry in json.loads(state.read_text())["stages"].items()}


def records_of(config: Path) -> list[dict[str, object]]:
    import yaml

    return list(yaml.safe_load((config / "releases.yaml").read_text())["releases"])


def _tag(setup: ReleaseSetup, tag: str) -> str | None:
    return Registry(parse_repository(setup.repository), None).digest(tag)


@pytest.mark.docker
@pytest.mark.registry
@pytest.mark.parametrize(
    ("signame", "code", "said"), [("SIGTERM", 143, "terminated (SIGTERM)"), ("SIGINT", 130, "interrupted")]
)
def test_a_release_stopped_in_its_build_stops_the_build_and_says_where_it_stands(
    release: ReleaseSetup, signame: str, code: int, said: str
) -> None:
    """A cancelled CI job (SIGTERM to the run) while the image builds: the run ended at once and the docker build
    ran on in the engine (Popen's exit waits a quarter second after a KeyboardInterrupt); the last line said "run
    `aeon-release status`", which showed the merge as done, and pipeline.json said the build was running, for good.
    The build is stopped with the run; the stage is recorded stopped; the line says where the release stands and
    how it goes on; the rerun finishes the release."""
    run = stopped_at("aeon_release.adapters.buildkit:PlainLog.line", signame, *release.args())
    left = programs_naming(release.image_tag)
    assert run.returncode == code and "Traceback" not in run.stderr, (run.returncode, run.stderr[-2000:])
    assert left == [], left
    assert run.stderr.strip().splitlines()[-1] == (
        f"{said}: the release stopped in its build stage; run the same `aeon-release release v0.29.0` command "
        "again to go on from there (merge, audit done and kept)"
    )
    assert _stages(release) == {"merge": "done", "audit": "done", "build": "stopped"}
    assert _tag(release, "latest") is None
    again = run_cli(*release.args())
    assert again.code == 0 and "build: done:" in again.err, again.err[-2000:]
    assert _tag(release, "latest") == _tag(release, "2026-09-11-v0.29.0") is not None


@pytest.mark.docker
@pytest.mark.registry
@pytest.mark.parametrize(
    ("step", "leaves", "recorded"),
    [
        ("_push_dated", ":latest was not moved (it holds nothing)", 0),
        ("_attest", ":latest was not moved (it holds nothing)", 0),
        ("_move_latest", ":latest moved to it, and releases.yaml records it: the publish is done", 1),
        ("_record", ":latest moved to it, and releases.yaml records it: the publish is done", 1),
    ],
    ids=["push", "attest", "latest-move", "record"],
)
def test_a_release_stopped_in_its_publish_says_where_latest_stands(
    release: ReleaseSetup, step: str, leaves: str, recorded: int
) -> None:
    """SIGTERM during the publish: the line said "run `aeon-release status`" (merge runs only) whether the dated tag
    was pushed and `:latest` moved or not, and a stop between the `:latest` move and its record left releases.yaml
    without it (the rerun recorded the move with `:latest` as it held after it, not before).  The line says where
    the tags stand; the move and its record are one step a signal waits for; the rerun finishes (nothing pushed
    twice, the release recorded once)."""
    run = stopped_at(f"aeon_release.pipeline.publish:{step}", "SIGTERM", *release.args())
    assert run.returncode == 143 and "Traceback" not in run.stderr, (run.returncode, run.stderr[-2000:])
    line = run.stderr.strip().splitlines()[-1]
    assert line.startswith("terminated (SIGTERM): the release stopped in its publish stage; ") and leaves in line, line
    assert line.endswith("command again to go on from there (merge, audit, build done and kept)"), line
    assert _stages(release)["publish"] == "stopped"
    dated, latest = _tag(release, "2026-09-11-v0.29.0"), _tag(release, "latest")
    assert latest == (dated if recorded else None), (latest, dated)
    releases = release.example.config / "releases.yaml"
    entries = releases.read_text().count("dated_tag: 2026-09-11-v0.29.0") if releases.exists() else 0
    assert entries == recorded and (not recorded or "latest_before: null" in releases.read_text()), entries
    again = run_cli(*release.args())
    assert again.code == 0, again.err[-2000:]
    assert _tag(release, "latest") == _tag(release, "2026-09-11-v0.29.0") is not None
    assert releases.read_text().count("dated_tag: 2026-09-11-v0.29.0") == 1, releases.read_text()


@pytest.mark.docker
@pytest.mark.registry
def test_a_rollback_stopped_after_its_move_still_records_it(release: ReleaseSetup) -> None:
    """SIGTERM to ``rollback`` once it had moved `:latest` back, before it recorded that: releases.yaml did not know
    `:latest` had gone back, and ``rollback`` run again went back one release further.  The move and its record
    are one step a signal waits for."""
    import io

    import docker

    assert run_cli(*release.args()).code == 0
    newer = release.image_tag.replace(":v0.29.0", ":v0.29.1")  # another image: its own digest
    client = docker.from_env()
    try:
        client.images.build(
            fileobj=io.BytesIO(f"FROM {release.image_tag}\nLABEL newer=1\n".encode()), tag=newer, nocache=True
        )
    finally:
        client.close()
    second = run_cli(
        "publish", "--image", newer, "--repository", release.repository, "--version", "v0.29.1",
        "--date", TODAY, "--config", release.example.config, "--repo", release.example.fork,
        "--skip-audit", "a test's second release",
    )  # fmt: skip
    assert second.code == 0, second.err
    first = _tag(release, "2026-09-11-v0.29.0")
    argv = ("rollback", "--repository", release.repository, "--config", str(release.example.config))
    run = stopped_at("aeon_release.domain.release_record:append", "SIGTERM", *argv)
    assert run.returncode == 143 and "Traceback" not in run.stderr, (run.returncode, run.stderr[-2000:])
    assert _tag(release, "latest") == first
    assert run.stderr.strip().splitlines()[-1] == (
        f"terminated (SIGTERM): {release.repository}:latest is back at 2026-09-11-v0.29.0 ({first}), and "
        "releases.yaml records it: the rollback is done"
    )
    last = records_of(release.example.config)[-1]
    assert (last["action"], last["latest_after"]) == ("rollback", first), last


@pytest.mark.docker
@pytest.mark.registry
def test_a_build_stopped_in_a_silent_step_ends_with_the_run(release: ReleaseSetup) -> None:
    """SIGTERM to the run while a build step prints nothing (a long compile): the run waited for the step to end
    (here 120 s; a real compile step, hours) before it stopped, a kill that seemed ignored.  The build is stopped
    with the run (SIGINT to the docker CLI's own session: it cancels the build), and the run ends at once."""
    slow = release.dockerfile.read_text().replace("ENTRYPOINT", "RUN sleep 120\nENTRYPOINT", 1)
    release.dockerfile.write_text(slow)
    started = time.monotonic()
    run = stopped_at("aeon_release.adapters.buildkit:PlainLog.line", "SIGTERM", *release.args(), when="sleep 120")
    seconds, left = time.monotonic() - started, programs_naming(release.image_tag)
    assert seconds < 60, seconds  # the whole release to its build, then the stop: ~10 s here
    assert run.returncode == 143 and "Traceback" not in run.stderr, (run.returncode, run.stderr[-2000:])
    assert left == [], left
    assert _stages(release)["build"] == "stopped"


@pytest.mark.docker
@pytest.mark.registry
def test_the_arch_probe_stopped_with_the_run_leaves_no_compiler_behind(release: ReleaseSetup, tmp_path: Path) -> None:
    """nvcc runs its compilers (cicc, ptxas, gcc) as programs of its own: a SIGTERM to the run killed nvcc alone,
    and the compilers ran on, in a folder already removed.  An nvcc that starts a program of its own and, as a
    cancelled CI job would, sends the run SIGTERM while it waits (the real nvcc takes 0.4 s here, too short to
    land a signal in surely): nothing it started is left once the run has ended."""
    mark = f"aeon-probe-child-{release.image_tag.split('/')[1].split(':')[0]}"
    tools = tmp_path / "tools"
    tools.mkdir()
    (tools / "nvcc").write_text(f"#!/bin/sh\nsh -c 'sleep 300; : {mark}' &\nkill -TERM $PPID\nwait\n")
    (tools / "nvcc").chmod(0o755)
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PATH": f"{tools}:{os.environ['PATH']}"}
    run = subprocess.run(
        [sys.executable, "-m", "aeon_release", *release.args()], capture_output=True, text=True, timeout=300, env=env
    )
    left = programs_naming(mark)
    assert run.returncode == 143 and "Traceback" not in run.stderr, (run.returncode, run.stderr[-2000:])
    assert left == [], left
    assert (
        run.stderr.strip().splitlines()[-1].startswith("terminated (SIGTERM): the release stopped in its build stage")
    )


@pytest.mark.parametrize(
    ("argv", "where", "then"),
    [
        (
            ("build", "--version", "v0.29.0"),
            "aeon_release.pipeline.build:plan",
            "the build recorded no image; run it again (the engine's cache keeps the layers built so far)",
        ),
        (
            ("publish", "--image", "busybox:1", "--repository", "127.0.0.1:9/aeon/x", "--version", "v0.29.0"),
            "aeon_release.pipeline.publish:plan",
            "nothing was pushed; run the same command again",
        ),
        (
            ("init", "--image", "ghcr.io/x/y"),
            "aeon_release.commands.init:read_fork",
            "init stopped before it wrote a file; run it again",
        ),
        (
            ("rollback", "--repository", "127.0.0.1:9/aeon/x"),
            "aeon_release.commands.releases:_registry",
            "rollback stopped before it moved :latest; run it again",
        ),
        (
            ("keygen",),
            "aeon_release.adapters.signing:_create",
            "a key pair keygen had not finished is taken back; run it again",
        ),
    ],
    ids=["build", "publish", "init", "rollback", "keygen"],
)
def test_a_stopped_command_that_writes_says_what_it_left_not_to_ask_status(
    tmp_path: Path, argv: tuple[str, ...], where: str, then: str
) -> None:
    """Ctrl-C in a ``build`` or a ``publish`` said "run `aeon-release status` to see where the run stands", and
    ``status`` answered with the merge runs, or "no aeon-release runs in this repository".  The line says what the
    command left and what to do."""
    ex = build_example(tmp_path / "ex")
    places = (
        ("--config", str(ex.config)) if argv[0] == "rollback" else ("--repo", str(ex.fork), "--config", str(ex.config))
    )
    if argv[0] == "init":
        places = ("--repo", str(ex.fork), "--config", str(tmp_path / "new-config"))
    if argv[0] == "keygen":
        places = (str(tmp_path / "keys" / "fleet.key"),)
    run = stopped_at(where, "SIGINT", *argv, *places)
    assert run.returncode == 130 and "Traceback" not in run.stderr, (run.returncode, run.stderr[-2000:])
    assert run.stderr.strip().splitlines()[-1] == f"interrupted: {then}"
    assert not (tmp_path / "keys").exists() or sorted((tmp_path / "keys").iterdir()) == []


# -- a disk that fills before the merge makes its branch ---------------------------------------------------------
@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A real 4 MiB tmpfs (mounting one takes root: skipped without)."""
    disk = tmp_path / "disk"
    disk.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", str(disk)], capture_output=True)
    if mounted.returncode != 0:
        pytest.skip("mounting a tmpfs needs root")
    try:
        yield disk
    finally:
        subprocess.run(["umount", "-l", str(disk)], check=False)


def _fill(disk: Path, leave: int = 0) -> None:
    """Fill the disk, then free ``leave`` pages of it."""
    with contextlib.suppress(OSError), open(disk / "fill", "wb") as fill:
        while True:
            fill.write(b"\0" * 4096)
            fill.flush()
    os.truncate(disk / "fill", (disk / "fill").stat().st_size - leave * 4096)


def test_a_full_disk_at_the_branchs_lock_file_gets_the_disks_hint(small_disk: Path) -> None:
    """A fork on a full disk: git makes the branch's lock file and cannot write the commit id into it, and says only
    "couldn't write '.../refs/heads/aeon-v0.29.0.lock'".  The merge's preflight took that for a ref in the way:
    "move what stands at refs/heads/aeon-v0.29.0 aside", a branch that is not there.  The hint is the disk's; the
    checkout is as it was, and with room again the merge runs."""
    ex = build_example(small_disk / "ex")
    before = snapshot(ex.fork)
    _fill(small_disk, leave=1)  # the run's lock file takes it
    run = run_limited("merge", "v0.29.0", "--repo", ex.fork, "--config", ex.config, "--no-fetch", timeout=60)
    assert run.code == 2 and "Traceback" not in run.err, run.err
    [line] = [line for line in run.err.splitlines() if line.startswith("error:")]
    assert "aeon-v0.29.0.lock" in line and "move what stands" not in line, line
    assert line.endswith(
        "a full disk (or a quota, a file-size limit) does: free some disk space and run the command again)"
    )
    (small_disk / "fill").unlink()
    assert snapshot(ex.fork) == before
    assert run_limited("merge", "v0.29.0", "--repo", ex.fork, "--config", ex.config, "--no-fetch").code == 0


def test_gits_words_for_a_lock_file_it_could_not_write_are_the_disks() -> None:
    """The words alone (the fast lane): git's lock-file write names no reason."""
    from aeon_release.adapters.git import failed

    said = "fatal: prepare: cannot update ref 'refs/heads/x': couldn't write '/r/.git/refs/heads/x.lock'\n"
    error = failed("update-ref", "fork", said, 128)
    assert error.disk and error.hint is not None and "free some disk space" in error.hint, error.hint
    assert (
        failed("update-ref", "fork", "fatal: cannot lock ref 'refs/heads/x': reference already exists\n").hint is None
    )


# -- a git that speaks the person's language ---------------------------------------------------------------------
def _git_speaks_german() -> bool:
    said = subprocess.run(
        ["git", "rev-parse", "--verify", "no-such-revision"],
        capture_output=True,
        text=True,
        env={**os.environ, "LC_ALL": "C.UTF-8", "LANGUAGE": "de"},
    )
    return said.stderr.startswith("Schwerwiegend")


def _damage(case: str, ex: object) -> Path:
    """The repository damaged as ``case`` says; the checkout named."""
    fork: Path = ex.fork  # type: ignore[attr-defined]
    if case == "packed-refs":
        git(fork, "pack-refs", "--all")
        with open(fork / ".git" / "packed-refs", "a") as packed:
            packed.write("not a ref at all\n")
    elif case == "config":
        with open(fork / ".git" / "config", "a") as config:
            config.write("[core\n")
    else:  # a repository of another user (git's safe.directory)
        for place, _, names in os.walk(fork):
            for name in [".", *names]:
                os.lchown(os.path.join(place, name), 12345, 12345)
    return fork


@pytest.mark.skipif(not _git_speaks_german(), reason="git's German translation is not installed")
@pytest.mark.skipif(os.geteuid() != 0, reason="a repository of another user takes root to make")
@pytest.mark.parametrize(
    ("case", "words"),
    [
        ("packed-refs", "git cannot read .git/packed-refs"),
        ("config", "fatal: bad config line"),
        ("another-users", "git cannot open the repository: detected dubious ownership"),
    ],
)
def test_a_git_that_speaks_the_persons_language_is_read_as_in_english(tmp_path: Path, case: str, words: str) -> None:
    """``LANGUAGE=de`` (a desktop's setting) with git's translations installed: git said why in German, and the tool,
    which reads git's words, took a damaged packed-refs for "revision 'HEAD' does not exist" (pass another
    revision) and a bad config line or a repository of another user for "not a git repository".  Every git the
    tool runs speaks English to it; the line is the one an English machine gets."""
    ex = build_example(tmp_path / "ex")
    fork = _damage(case, ex)
    argv = ("audit", "--repo", fork, "--config", ex.config, "--rev", "HEAD")
    english = run_limited(*argv, env={"LC_ALL": "C.UTF-8", "LANGUAGE": ""})
    german = run_limited(*argv, env={"LC_ALL": "C.UTF-8", "LANGUAGE": "de"})
    assert english.code == german.code == 2 and "Traceback" not in german.err, german.err
    [line] = german.err.strip().splitlines()
    assert line == english.err.strip() and words in line, (line, english.err)


# -- a Docker credential helper that never answers, or answers no JSON --------------------------------------------
def test_a_credential_helper_that_never_answers_is_stopped_and_named(tmp_path: Path) -> None:
    """A ``docker-credential-*`` waiting on a keyring that never unlocks (no D-Bus in CI, Docker Desktop not running):
    the SDK waits for it with no end, and ``releases`` (``publish``, ``release``) waited for good.  It is stopped
    after its time, with what it started, and the line names it."""
    done, mark = with_a_helper(tmp_path, "sh -c 'sleep 300; : MARK' &\nwait\n")
    assert done.returncode == 2 and "Traceback" not in done.stderr, (done.returncode, done.stderr)
    [line] = done.stderr.strip().splitlines()
    assert "the credential helper for 127.0.0.1:9 (docker-credential-keyring) did not answer within 1 s" in line, line
    assert programs_naming(mark) == []


def test_a_credential_helper_that_answers_no_json_is_named_not_the_auths(tmp_path: Path) -> None:
    """A helper that printed something other than its JSON was "auths[127.0.0.1:9] cannot be decoded
    (JSONDecodeError)", hint `docker login`: config.json has no such entry.  The line names the helper."""
    done, _ = with_a_helper(tmp_path, "echo 'Error: no keyring daemon'\n")
    assert done.returncode == 2 and "Traceback" not in done.stderr, (done.returncode, done.stderr)
    [line] = done.stderr.strip().splitlines()
    assert "(docker-credential-keyring) answered with no JSON" in line and "auths[" not in line, line


# -- init stopped or refused between two of its files --------------------------------------------------------------
def test_init_stopped_between_two_files_takes_back_what_it_wrote(tmp_path: Path) -> None:
    """SIGTERM while ``init`` wrote its files: the first ones stayed (a ledger, no fleet.yaml: every other command
    refused the folder), init run again refused them ("already exists ... or --force"), and the line said "run
    `aeon-release status`".  What it wrote is taken back, the line says so, and init run again writes them all."""
    ex = build_example(tmp_path / "ex")
    config = tmp_path / "config"
    argv = ("init", "--repo", str(ex.fork), "--config", str(config), "--image", "ghcr.io/x/y")
    run = stopped_at("aeon_release.adapters.files:write_text", "SIGTERM", *argv, when="cherry_picks")
    assert run.returncode == 143 and "Traceback" not in run.stderr, (run.returncode, run.stderr[-2000:])
    assert run.stderr.strip().splitlines()[-1] == (
        f"terminated (SIGTERM): init stopped before it had written all its files in {config}, and took back what "
        "it had; run it again"
    )
    assert not config.exists(), sorted(config.rglob("*"))
    again = run_limited(*argv)
    assert again.code == 0, again.err
    assert (config / "fleet.yaml").is_file() and (config / "cherry_picks.yaml").is_file()


def test_init_forced_over_a_config_and_stopped_puts_the_config_back(tmp_path: Path) -> None:
    """The same with ``--force`` over a person's config: the files it had replaced are put back as they were."""
    ex = build_example(tmp_path / "ex")
    config = tmp_path / "config"
    argv = ("init", "--repo", str(ex.fork), "--config", str(config), "--image", "ghcr.io/x/y")
    assert run_limited(*argv).code == 0
    mine = {p: p.read_bytes() + b"# mine\n" for p in config.rglob("*.yaml")}
    for path, text in mine.items():
        path.write_bytes(text)
    run = stopped_at("aeon_release.adapters.files:write_text", "SIGINT", *argv, "--force", when="cherry_picks")
    assert run.returncode == 130, (run.returncode, run.stderr[-2000:])
    assert {p: p.read_bytes() for p in config.rglob("*.yaml")} == mine


def test_init_on_a_disk_that_fills_between_two_files_leaves_none(small_disk: Path) -> None:
    """A disk that takes the first file and not the next: init said "free some disk space and run the command
    again", and run again, "already exists".  None of its files is left."""
    ex = build_example(small_disk / "ex")
    config = small_disk / "config"
    _fill(small_disk, leave=1)
    run = run_limited("init", "--repo", ex.fork, "--config", config, "--image", "ghcr.io/x/y")
    assert run.code == 2 and "Traceback" not in run.err, run.err
    assert "No space left on device" in run.err.strip().splitlines()[-1], run.err
    assert not config.exists(), sorted(config.rglob("*"))


# -- a tag of the new branch's name ------------------------------------------------------------------------------
def test_the_next_command_the_merge_prints_runs_as_printed_beside_a_tag_of_the_branchs_name(tmp_path: Path) -> None:
    """A tag ``aeon-v0.29.0`` in the fork (an old habit of tagging fork releases) beside the branch the merge makes:
    the merge's "next: `aeon-release build ... --rev aeon-v0.29.0`" failed as printed, "names more than one ref".
    The branch is named whole there; the command printed gets past its revision (to the engine, absent here)."""
    import shlex

    ex = build_example(tmp_path / "ex")
    git(ex.fork, "tag", "aeon-v0.29.0", "aeon-v0.27.1~1")
    run = run_limited("merge", "v0.29.0", "--repo", ex.fork, "--config", ex.config, "--no-fetch")
    assert run.code == 0, run.err
    printed = next(line for line in run.err.splitlines() if line.startswith("next: `"))
    build = shlex.split(printed.split("`")[1])
    assert build[:2] == ["aeon-release", "build"] and "refs/heads/aeon-v0.29.0" in build, printed
    again = run_limited(*build[1:], env={"DOCKER_HOST": f"unix://{tmp_path}/no-engine.sock"})
    assert again.code == 2 and "more than one ref" not in again.err, again.err
    assert "Docker engine does not answer" in again.err, again.err


# -- a DOCKER_HOST the Docker client cannot read -----------------------------------------------------------------
@pytest.mark.parametrize("host", ["tcp://127.0.0.1:99999", "tcp://[::1"], ids=["port", "bracket"])
@pytest.mark.parametrize(
    "argv",
    [
        ("build", "--version", "v0.27.1", "--rev", "aeon-v0.27.1"),
        ("publish", "--image", "busybox:1", "--repository", "127.0.0.1:9/aeon/x", "--version", "v0.27.1"),
    ],
    ids=["build", "publish"],
)
def test_a_docker_host_the_client_cannot_read_is_one_line(tmp_path: Path, host: str, argv: tuple[str, ...]) -> None:
    """The Docker SDK reads DOCKER_HOST with urllib: a port past 65535 or a ``[`` that does not close raised its
    ValueError, a traceback ("aeon-release crashed: this is a bug").  One line names the variable."""
    ex = build_example(tmp_path / "ex")
    run = run_limited(*argv, "--repo", ex.fork, "--config", ex.config, env={"DOCKER_HOST": host})
    assert run.code == 2 and "Traceback" not in run.err, run.err
    [line] = run.err.strip().splitlines()
    assert line.startswith(f"error: DOCKER_HOST='{host}' is no address the Docker client can read ("), line


# -- a folder git may not write in (a mode, an immutable attribute) ----------------------------------------------
@pytest.fixture
def immutable_refs(tmp_path: Path) -> Iterator[tuple[object, Path]]:
    """The example on a disk that keeps file attributes (tmpfs does not), its ``.git/refs/heads`` made immutable
    (``chattr +i``: root may not write there either)."""
    import shutil
    import tempfile

    root = Path(tempfile.mkdtemp(prefix="aeon-immutable-", dir="/var/tmp"))
    ex = build_example(root / "ex")
    heads = ex.fork / ".git" / "refs" / "heads"
    if subprocess.run(["chattr", "+i", str(heads)], capture_output=True).returncode != 0:
        shutil.rmtree(root)
        pytest.skip("chattr +i needs root and a disk that keeps attributes")
    try:
        yield ex, heads
    finally:
        subprocess.run(["chattr", "-i", str(heads)], check=False)
        shutil.rmtree(root)


def test_a_branch_git_may_not_make_gets_the_permissions_hint(immutable_refs: tuple[object, Path]) -> None:
    """``.git/refs/heads`` git may not write in ("Operation not permitted"): the merge's preflight said "move what
    stands at refs/heads/aeon-v0.29.0 aside", a branch that is not there.  The hint says what git was refused."""
    ex, _ = immutable_refs
    fork, config = ex.fork, ex.config  # type: ignore[attr-defined]
    before = snapshot(fork)
    run = run_limited("merge", "v0.29.0", "--repo", fork, "--config", config, "--no-fetch")
    assert run.code == 2 and "Traceback" not in run.err, run.err
    [line] = run.err.strip().splitlines()
    assert "Operation not permitted" in line and "move what stands" not in line, line
    assert line.endswith(
        "(hint: git may not write there: check the permissions of the path git names (and `lsattr` for an immutable attribute))"
    )
    assert snapshot(fork) == before


@pytest.mark.parametrize("words", ["Operation not permitted", "Permission denied"])
def test_gits_words_for_a_write_it_was_refused_get_the_permissions_hint(words: str) -> None:
    from aeon_release.adapters.git import failed

    said = f"fatal: cannot lock ref 'refs/heads/x': Unable to create '/r/.git/refs/heads/x.lock': {words}\n"
    error = failed("update-ref", "fork", said, 128)
    assert error.hint is not None and error.hint.startswith("git may not write there"), error.hint


# -- the demo stopped or failed half-way ---------------------------------------------------------------------------
@pytest.mark.parametrize("signame", ["SIGTERM", "SIGINT"])
def test_a_stopped_demo_takes_back_what_it_made_and_runs_again(tmp_path: Path, signame: str) -> None:
    """Ctrl-C or SIGTERM while the demo built its example: the half-made example stayed, ``demo DIR`` run again
    refused the folder ("not empty"), and the line said "run `aeon-release status`".  The folder is emptied, the
    line says so, and the demo runs again there."""
    folder = tmp_path / "demo"
    run = stopped_at("aeon_release.commands.demo_repo:commit", signame, "demo", str(folder))
    assert run.returncode in (130, 143) and "Traceback" not in run.stderr, (run.returncode, run.stderr[-2000:])
    assert (
        run.stderr.strip()
        .splitlines()[-1]
        .endswith(f"the demo stopped, and took back what it had made in {folder}; run it again")
    ), run.stderr[-600:]
    assert sorted(folder.iterdir()) == []
    assert run_limited("demo", folder).code == 0
