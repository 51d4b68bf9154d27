"""Hostile-input sweep 41.  A release ``--date`` before its tag's commit when the tag is not a local tag (a
remote's ref, the upstream remote's tag not fetched yet, a full ref name, an object id).  Two spellings of one
revision (``--rev A --rev A~0``) are one request, not two options at odds.  The real CLI."""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.commands import demo_repo
from tests.helpers import build_example, run_cli, snapshot, without_beats
from tests.hostile.conftest import git, run_limited
from tests.hostile.test_config_files import one_error_line


def _example(tmp_path: Path) -> demo_repo.Example:
    return build_example(tmp_path / "ex")


def _audit(ex: demo_repo.Example) -> tuple[object, ...]:
    return ("audit", "--repo", ex.fork, "--config", ex.config)


# -- a --date before the tag's commit, however the tag is known ----------------------------------------------------
def _no_local_tag(fork: Path) -> str:
    git(fork, "tag", "-d", "v0.29.0")
    return "v0.29.0"  # upstream's alone: the merge stage fetches it


def _full_ref(fork: Path) -> str:
    return "refs/tags/v0.29.0"


def _commit_id(fork: Path) -> str:
    return git(fork, "rev-parse", "v0.29.0^{commit}")


def _tag_id(fork: Path) -> str:
    return git(fork, "rev-parse", "v0.29.0")


def _remote_ref(fork: Path) -> str:
    git(fork, "update-ref", "refs/remotes/upstream/v0.29.0", "v0.29.0^{commit}")
    git(fork, "tag", "-d", "v0.29.0")
    return "upstream/v0.29.0"


def _remote_tags_namespace(fork: Path) -> str:
    git(fork, "update-ref", "refs/remotes/upstream/tags/v0.29.0", "v0.29.0^{commit}")
    git(fork, "tag", "-d", "v0.29.0")
    return "v0.29.0"


@pytest.mark.parametrize(
    "spell",
    [_no_local_tag, _full_ref, _commit_id, _tag_id, _remote_ref, _remote_tags_namespace],
    ids=lambda f: f.__name__,
)
def test_a_release_date_before_the_tags_commit_is_refused_however_the_tag_is_known(
    tmp_path: Path, spell: object
) -> None:
    """Only ``refs/tags/TAG`` was read: a tag still upstream's alone (the merge stage fetches it), spelt whole or by
    its id, or a remote's ref of that name had no day, and ``--date 2001-01-01`` passed to the stages."""
    ex = _example(tmp_path)
    tag = spell(ex.fork)  # type: ignore[operator]
    before = snapshot(ex.fork), git(ex.fork, "for-each-ref")
    args = ("release", tag, "--repo", ex.fork, "--config", ex.config, "--repository", "127.0.0.1:1/a/b")
    line = one_error_line(run_cli(*args, "--date", "2001-01-01", "--dry-run"))
    assert f"is before the commit of {tag}" in line, line
    assert (snapshot(ex.fork), git(ex.fork, "for-each-ref")) == before  # no ref moved, no tag fetched
    assert not (ex.fork / ".git" / "FETCH_HEAD").exists()
    run = run_cli(*args, "--date", "2026-12-04", "--dry-run")  # the twin: a day the release can have
    assert "is before" not in run.err, run.err


def test_a_release_date_is_checked_against_an_upstream_tag_whose_commit_is_not_here(tmp_path: Path) -> None:
    """The upstream tag on a commit the fork has never fetched: its objects are fetched (no ref written) to date it."""
    ex = _example(tmp_path)
    up = ex.root / "upstream"
    git(up, "checkout", "-q", "-b", "side")
    (up / "new.txt").write_text("x\n")
    git(up, "add", "new.txt")
    git(up, "commit", "-qm", "side")
    git(up, "tag", "-a", "-m", "t", "v0.29.5")
    before = snapshot(ex.fork), git(ex.fork, "for-each-ref")
    args = ("release", "v0.29.5", "--repo", ex.fork, "--config", ex.config, "--repository", "127.0.0.1:1/a/b")
    line = one_error_line(run_cli(*args, "--date", "2001-01-01", "--dry-run"))
    assert "is before the commit of v0.29.5" in line, line
    assert (snapshot(ex.fork), git(ex.fork, "for-each-ref")) == before


# -- two spellings of one revision ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "spell",
    [
        lambda fork, branch: ("--rev", "HEAD", "--rev", "HEAD~0"),
        lambda fork, branch: ("--rev", branch, f"--rev=refs/heads/{branch}"),
        lambda fork, branch: ("--rev", "HEAD", "--rev", git(fork, "rev-parse", "HEAD")),
        lambda fork, branch: ("--changed-since", "HEAD~1", "--changed-since", "HEAD^"),
    ],
    ids=["tilde-0", "full-ref", "object-id", "caret"],
)
def test_two_spellings_of_one_revision_are_one_request(tmp_path: Path, spell: object) -> None:
    """git reads ``A`` and ``A~0`` as one commit: refused as "given twice, with other values", though what was meant
    is plain.  One request, a note naming both on stderr, the audit's own exit."""
    ex = _example(tmp_path)
    branch = git(ex.fork, "symbolic-ref", "--short", "HEAD")
    extra = spell(ex.fork, branch)  # type: ignore[operator]
    run = run_cli(*_audit(ex), *extra)
    assert run.code == 0 and "given twice" not in run.err, run.err
    assert "name one commit" in run.err and "one request" in run.err, run.err


def test_a_refusal_beside_two_spellings_stays_one_line(tmp_path: Path) -> None:
    """The note on two spellings of one request waits for the command to run: refused, its error is its one
    line (the final read: two ``note:`` lines came before the error)."""
    ex = _example(tmp_path)
    out = tmp_path / "x.json"
    run = run_cli(*_audit(ex), "--rev", "HEAD", "--rev", "HEAD~0", "--output", out, "--output", f"{tmp_path}/./x.json",
                  "--config", tmp_path / "no-such-config")  # fmt: skip
    lines = [line for line in run.err.splitlines() if line.strip()]
    assert run.code == 2 and len(lines) == 1 and lines[0].startswith("error:"), run.err


def test_two_sides_spelt_two_ways_are_one_request(tmp_path: Path) -> None:
    ex = _example(tmp_path)
    branch = git(ex.fork, "symbolic-ref", "--short", "HEAD")
    sides = ("--base", "v0.27.1", "--base", "refs/tags/v0.27.1", "--ours", branch, "--theirs", "v0.29.0")
    run = run_cli(*_audit(ex), *sides)
    assert "given twice" not in run.err and "name one commit" in run.err, run.err


@pytest.mark.parametrize("other", ["HEAD~1", "no-such-rev", "HEAD:README.md"])
def test_two_revisions_that_differ_stay_refused(tmp_path: Path, other: str) -> None:
    """The twin: other commits, or a name that is none, are two requests at odds (one line naming both)."""
    ex = _example(tmp_path)
    line = one_error_line(run_cli(*_audit(ex), "--rev", "HEAD", "--rev", other))
    assert "one option given twice, with other values" in line and other in line, line


# -- a CI log asked for colour ------------------------------------------------------------------------------------
CURSOR = ("\x1b[1A", "\x1b[2K", "\x1b[?25l", "\r\x1b")  # a redraw: up a line, erase it, hide the cursor


@pytest.mark.parametrize("variable", ["FORCE_COLOR", "TTY_COMPATIBLE", "TTY_INTERACTIVE"])
def test_a_log_that_asks_for_colour_gets_no_spinner(tmp_path: Path, variable: str) -> None:
    """``FORCE_COLOR=1`` (GitHub Actions' coloured logs) with stderr a file: rich took it for a terminal and drew its
    progress bar there; the refused build's one line began ``\\x1b[1A\\x1b[2Kerror:``, which no ``^error:`` finds.  A
    spinner or a bar only on a real terminal; colour stays the variable's to ask for."""
    ex = _example(tmp_path)
    env = {variable: "1", "TERM": "xterm-256color"}
    build = run_limited(
        "build", "--repo", ex.fork, "--config", ex.config, "--version", "v0.29.0", cwd=tmp_path, env=env
    )
    line = one_error_line(build)
    assert f"\n{line}" in f"\n{build.err}" and not any(code in build.err for code in CURSOR), repr(build.err)
    audit = run_limited("audit", "--repo", ex.fork, "--config", ex.config, cwd=tmp_path, env=env)
    assert audit.code == 0 and not any(code in audit.err for code in CURSOR), repr(audit.err)


# -- a password asked of a terminal ------------------------------------------------------------------------------
REGISTRY = "127.0.0.1:1/a/b"


@pytest.mark.parametrize(
    "argv",
    [
        ("publish", "--image", "x:1", "--version", "v0.29.0", "--repository", REGISTRY),
        ("verify", f"{REGISTRY}:v0.29.0"),
        ("releases", "--repository", REGISTRY),
        ("rollback", "--repository", REGISTRY),
    ],
    ids=lambda argv: argv[0],
)
def test_password_stdin_on_a_terminal_is_one_line_not_a_wait(tmp_path: Path, argv: tuple[str, ...]) -> None:
    """``--password-stdin`` with standard input a terminal (``docker run -t``, a CI step given a pseudo-terminal and
    no input): the read waited for good, and a password typed there is echoed.  One line naming the option, exit 2."""
    import os
    import pty
    import subprocess
    import sys

    from tests.hostile.conftest import ROOT

    ex = _example(tmp_path)
    controller, terminal = pty.openpty()
    try:
        done = subprocess.run(
            [sys.executable, "-m", "aeon_release", *argv, "--config", str(ex.config), "--username", "u", "--password-stdin"],
            stdin=terminal, capture_output=True, text=True, timeout=30, cwd=tmp_path,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )  # fmt: skip
    finally:
        os.close(controller)
        os.close(terminal)
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    lines = [line for line in done.stderr.splitlines() if line.startswith("error:")]
    assert len(lines) == 1 and "--password-stdin: standard input is a terminal" in lines[0], done.stderr


def test_password_stdin_from_a_pipe_still_reads(tmp_path: Path) -> None:
    """The twin: a piped password is read as before (the registry, unreachable, is the line then)."""
    ex = _example(tmp_path)
    run = run_cli("releases", "--repository", REGISTRY, "--config", ex.config, "--username", "u", "--password-stdin",
                  stdin="s3cret\n")  # fmt: skip
    assert "standard input is a terminal" not in run.err and "s3cret" not in run.err + run.out, run.err


@pytest.mark.parametrize(
    "argv",
    [
        ("build", "--version", "v0.29.0", "--rev", "HEAD", "--rev", "HEAD~0"),
        ("merge", "v0.29.0", "--no-fetch", "--dry-run", "--upstream-branch", "upstream/main", "--upstream-branch",
         "refs/remotes/upstream/main"),
    ],
    ids=["build", "merge"],
)  # fmt: skip
def test_other_commands_read_two_spellings_of_one_revision_as_one(tmp_path: Path, argv: tuple[str, ...]) -> None:
    ex = _example(tmp_path)
    run = run_cli(*argv, "--repo", ex.fork, "--config", ex.config)
    assert "given twice" not in run.err, run.err
    # past the conflict check: the command's own answer; a refusal of its own is its one line, the note unsaid
    lines = without_beats(run.err)
    assert "name one commit" in run.err if run.code != 2 else len(lines) == 1 and "note:" not in run.err, run.err


# -- a key written over git's own files ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    "place",
    [
        *(".git/aeon-release", ".git/refs/heads/k", ".git/hooks/pre-commit", ".git/ORIG_HEAD", "bare.git/refs/k"),
        # the final read: MERGE_MSG became the next commit's message (the secret key in git log), index.lock
        # stopped every git add, and git's other state files and reftable/ were taken too
        *(".git/MERGE_MSG", ".git/SQUASH_MSG", ".git/BISECT_START", ".git/index.lock", ".git/reftable/k"),
    ],
)
def test_keygen_never_writes_over_gits_own_files(tmp_path: Path, place: str) -> None:
    """``keygen .git/refs/heads/k`` wrote the secret key as a branch (git then called the ref broken), and
    ``keygen .git/aeon-release`` took the tool's own state folder's place.  One line naming git's file, exit 2,
    nothing written; the twins, a key in ``.git/`` itself (no commit takes it) or beside the checkout, are written."""
    ex = _example(tmp_path)
    git(tmp_path, "init", "-q", "--bare", "bare.git")
    root = tmp_path if place.startswith("bare") else ex.fork
    before = snapshot(ex.fork), git(ex.fork, "for-each-ref")
    line = one_error_line(run_cli("keygen", root / place))
    assert "that is git's own" in line, line
    assert not (root / f"{place}.pub").exists()
    assert (snapshot(ex.fork), git(ex.fork, "for-each-ref")) == before
    for twin in (ex.fork / ".git" / "fleet.key", tmp_path / "keys" / "fleet.key"):
        run = run_cli("keygen", twin)
        assert run.code == 0 and twin.with_name("fleet.key.pub").exists(), run.err


@pytest.mark.parametrize(
    "spell",
    [
        lambda ex: ("--repo", ex.fork, "--repo", f"{ex.fork}/", "--config", ex.config),
        lambda ex: ("--repo", ex.fork, "--config", ex.config, "--config", ex.config / "audits" / ".."),
        lambda ex: ("--repo", ex.fork, "--config", ex.config, "--output", "r.json", "--output", "./r.json"),
    ],
    ids=["trailing-slash", "dot-dot", "dot-slash"],
)
def test_two_spellings_of_one_file_are_one_request(tmp_path: Path, spell: object) -> None:
    """``--repo fork --repo fork/`` (a wrapper adding its own, spelt its own way) was "given twice, with other
    values": one folder named twice is one request, with a note; two files stay refused (sweep 40's twins)."""
    ex = _example(tmp_path)
    run = run_cli("audit", *spell(ex), cwd=tmp_path)  # type: ignore[operator]
    assert run.code == 0 and "given twice" not in run.err and "name one file or folder" in run.err, run.err


def test_two_files_stay_two_requests(tmp_path: Path) -> None:
    ex = _example(tmp_path)
    line = one_error_line(run_cli("audit", "--repo", ex.fork, "--config", ex.config, "--config", ex.root / "upstream"))
    assert "one option given twice, with other values" in line, line
