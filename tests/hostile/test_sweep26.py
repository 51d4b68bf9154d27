"""Hostile-input sweep 26: the entry point run again and again in one process.  Real git, the real CLI;
one line and a documented exit code, never a traceback."""

from __future__ import annotations

import contextlib
import os
import resource
import signal
import stat
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from aeon_release.adapters.yamlio import load_yaml
from aeon_release.commands import demo_repo
from tests.helpers import build_example, run_cli, snapshot, without_beats
from tests.hostile.conftest import ROOT, git, run_limited
from tests.hostile.test_sweep7 import _alive
from tests.hostile.test_sweep10 import _another_users, _extension

pytestmark = pytest.mark.slow


# -- the entry point run again in the same process ---------------------------------------------------------------
def test_the_entry_point_run_a_thousand_times_in_one_process_is_still_one_line(tmp_path: Path) -> None:
    """A caller that keeps the command tree between runs (a test worker, a program calling ``main``) had every
    path option's empty-path check wrapped once more on every run: from about the thousandth run in one process,
    any command given a path was a RecursionError traceback, exit 3, whatever its arguments."""
    missing = tmp_path / "no-config"
    for _ in range(1100):
        run = run_cli("ledger", "check", "--config", missing)
    assert run.code == 2 and "Traceback" not in run.err, run.err[-500:]
    [line] = run.err.strip().splitlines()
    assert line.startswith(f"error: {missing}: config folder does not exist") and "(hint:" in line, line


# -- a fix the disk refuses ------------------------------------------------------------------------------------------
def _file_size_limit(size: int) -> Callable[[], None]:
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))  # Python ignores SIGXFSZ: a write past it is EFBIG

    return limit


def test_a_fix_the_disk_refuses_leaves_the_file_whole(stopped: tuple[Path, Path]) -> None:
    """``merge --continue --fix`` wrote the fixed file in place: a file-size limit (or a full disk) cut it at the
    limit, the write's error became "fix skipped: cannot parse", and the next ``--continue --fix`` audited what
    was left, passed, and committed the cut file into the new fork branch.  The fix is written beside the file
    and renamed over it, with the file's mode: a refused write is one line, and the file is as it was."""
    fork, _ = stopped
    path = "vllm/v1/attention/backends/triton_attn.py"
    file = fork / ".git" / "aeon-release" / "worktrees" / "v0.29.0" / path
    padded = file.read_bytes() + b"".join(b"# a comment line the fork keeps, %d\n" % i for i in range(200))
    file.write_bytes(padded)
    file.chmod(0o755)
    done = subprocess.run(
        [sys.executable, "-m", "aeon_release", "merge", "v0.29.0", "--repo", str(fork), "--continue", "--fix"],
        # no bytecode written under the limit: Python renames a short write of it into the cache as whole
        env={**os.environ, "PYTHONPATH": str(ROOT), "PYTHONDONTWRITEBYTECODE": "1", "PYTHONPYCACHEPREFIX": ""},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        preexec_fn=_file_size_limit(len(padded) // 2),
    )
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    [line] = [line for line in done.stderr.splitlines() if line.startswith("error:")]
    assert f"{path}: cannot be written: File too large" in line and "(hint: " in line, line
    assert file.read_bytes() == padded and stat.S_IMODE(file.stat().st_mode) == 0o755
    assert [p.name for p in file.parent.iterdir()] == [file.name]  # no temporary file left beside it
    run = run_cli("merge", "v0.29.0", "--repo", fork, "--continue", "--fix")
    assert run.code == 0, run.err
    fixed = padded.replace(b"KV_QUANT_MODE == 4", b"KV_QUANT_MODE == KVQuantMode.NVFP4")
    assert git(fork, "show", f"aeon-v0.29.0:{path}").encode() + b"\n" == fixed
    assert git(fork, "ls-tree", "aeon-v0.29.0", path).startswith("100755 ")


@pytest.mark.parametrize("limit", [0, 64])
def test_a_key_the_disk_refuses_leaves_no_key_behind(tmp_path: Path, limit: int) -> None:
    """``keygen`` on a full disk (a file-size limit stands in) left an empty or cut secret key at PATH, said
    "output: File too large", and the next keygen refused the path: "already exists ... a key is never
    overwritten", so a person was left to delete a secret key by hand.  The line names the key, and the next
    run, the limit gone, makes the pair."""
    key = tmp_path / "keys" / "fleet.key"
    done = subprocess.run(
        [sys.executable, "-m", "aeon_release", "keygen", str(key)],
        env={**os.environ, "PYTHONPATH": str(ROOT), "PYTHONDONTWRITEBYTECODE": "1", "PYTHONPYCACHEPREFIX": ""},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        preexec_fn=_file_size_limit(limit),
    )
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    [line] = done.stderr.strip().splitlines()
    assert line.startswith(f"error: {key}: File too large (hint: "), line
    assert sorted(p.name for p in key.parent.iterdir()) == []
    run = run_cli("keygen", key)
    assert run.code == 0, run.err
    assert key.read_bytes().startswith(b"-----BEGIN PRIVATE KEY-----") and key.with_name("fleet.key.pub").is_file()


# -- a git the disk refuses ------------------------------------------------------------------------------------------
@pytest.fixture
def full_disk(tmp_path: Path) -> Iterator[Path]:
    """A real file system with no room left: a 1 MiB tmpfs, filled (mounting one takes root: skipped without)."""
    disk = tmp_path / "disk"
    disk.mkdir()
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", str(disk)], capture_output=True)
    if mounted.returncode != 0:
        pytest.skip("mounting a tmpfs needs root")
    try:
        with contextlib.suppress(OSError), open(disk / "fill", "wb") as fill:
            while True:
                fill.write(b"\0" * 4096)
                fill.flush()
        yield disk
    finally:
        subprocess.run(["umount", "-l", str(disk)], check=False)


def test_a_git_the_disk_refuses_gets_the_machines_hint(full_disk: Path) -> None:
    """git says why in the C library's words ("No space left on device"): ``demo`` on a full disk was "git init
    failed ... (hint: check the repository and the revision with `git rev-parse --verify REV`)", a revision no
    one gave.  A full disk, a quota, a file-size limit or a read-only file system git names gets the hint an
    OSError of the tool's own gets."""
    run = run_cli("demo", full_disk / "demo")
    assert run.code == 2 and "Traceback" not in run.err, run.err
    [line] = [line for line in run.err.splitlines() if line.startswith("error:")]
    assert line.startswith("error: git init failed in ") and "No space left on device" in line, line
    assert line.endswith("(hint: free some disk space and run the command again)"), line


@pytest.mark.parametrize("words", ["No space left on device", "Disk quota exceeded", "Read-only file system"])
def test_git_words_for_a_disk_that_refuses_a_write_are_the_machines(words: str) -> None:
    """The lines git wrote when its object write failed (``git merge-tree`` on a full tmpfs)."""
    from aeon_release.adapters.git import failed

    error = failed("merge-tree", "fork", f"fatal: unable to write loose object file: {words}\n", 128)
    assert error.disk and error.hint is not None and "rev-parse" not in error.hint, error.hint
    assert not failed("rev-parse", "fork", "fatal: Needed a single revision\n", 128).disk


# -- a hangup ----------------------------------------------------------------------------------------------------------
def test_a_hangup_stops_the_run_and_the_program_it_waits_for(tmp_path: Path) -> None:
    """SIGHUP (the terminal closed, an ssh session dropped) killed the tool on the spot, Python's default: the
    hook it waited for ran on (in a session of its own, which no terminal stops), its scratch index stayed in
    ``.git/aeon-release``, and the run said nothing.  It stops as on SIGTERM: the hook stopped, one line, exit
    129; ``merge --continue`` finishes the run.  Under ``nohup`` (SIGHUP ignored) the run goes on."""
    example = build_example(tmp_path / "ex")
    pid_file = tmp_path / "hook.pid"
    hook = tmp_path / "hooks" / "commit-msg"
    hook.parent.mkdir()
    # $PPID: aeon-release, which waits for the hook by then (a signal while Python starts it is another story)
    hook.write_text(f"#!/bin/sh\necho $$ > {pid_file}\nsleep 0.5\nkill -HUP $PPID\nsleep 30\n")
    hook.chmod(0o755)
    git(example.fork, "config", "core.hooksPath", str(hook.parent))
    argv = ["merge", "v0.29.0", "--repo", str(example.fork), "--config", str(example.config), "--no-fetch"]
    done = subprocess.run(
        [sys.executable, "-m", "aeon_release", *argv],
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        # a terminal's session: SIGHUP at its default even when the suite itself runs under nohup
        preexec_fn=lambda: signal.signal(signal.SIGHUP, signal.SIG_DFL),
    )
    assert done.returncode == 129 and "Traceback" not in done.stderr, (done.returncode, done.stderr)
    assert (
        done.stderr.strip().splitlines()[-1]
        == "hung up (SIGHUP): run `aeon-release status` to see where the run stands"
    )
    assert not _alive(int(pid_file.read_text()))
    assert not list((example.fork / ".git" / "aeon-release").glob("hook-*.index"))
    git(example.fork, "config", "--unset", "core.hooksPath")
    run = run_cli("merge", "v0.29.0", "--repo", example.fork, "--continue")
    assert run.code == 0 and git(example.fork, "branch", "--list", "aeon-v0.29.0"), run.err


def test_a_hangup_under_nohup_is_still_ignored(tmp_path: Path) -> None:
    """The handler is installed only where SIGHUP has its default: ``nohup aeon-release release ...`` over ssh
    must outlive the session it was started from."""
    example = build_example(tmp_path / "ex")
    hook = tmp_path / "hooks" / "commit-msg"
    hook.parent.mkdir()
    hook.write_text("#!/bin/sh\nkill -HUP $PPID\n")
    hook.chmod(0o755)
    git(example.fork, "config", "core.hooksPath", str(hook.parent))
    argv = ["merge", "v0.29.0", "--repo", str(example.fork), "--config", str(example.config), "--no-fetch"]
    done = subprocess.run(
        [sys.executable, "-m", "aeon_release", *argv],
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        preexec_fn=lambda: signal.signal(signal.SIGHUP, signal.SIG_IGN),
    )
    assert done.returncode == 0, done.stderr
    assert git(example.fork, "branch", "--list", "aeon-v0.29.0")


# -- a repository git will not open, read by revision ----------------------------------------------------------------
REFUSED = {"an extension git does not know": _extension}
if os.geteuid() == 0:
    REFUSED["another user's (safe.directory)"] = _another_users


@pytest.mark.parametrize("case", list(REFUSED))
def test_a_repository_git_will_not_open_is_named_so_when_read_by_revision(tmp_path: Path, case: str) -> None:
    """The work-tree audit, ``status`` and ``merge`` say "git cannot open the repository" with git's reason and
    way out; by revision (``audit --rev``, the CI gate's way) the line quoted the last line
    git printed after its reason: "revision 'HEAD' names no commit in ...: git config --global --add
    safe.directory ..." (hint: ``git status``), and for an unknown extension "...: fromthefuture" (hint: pass a
    branch, tag or commit)."""
    example = build_example(tmp_path / "ex")
    repo = example.fork
    says = REFUSED[case](repo)
    run = run_limited("audit", "--rev", "HEAD", "--repo", repo, "--config", example.config, cwd=tmp_path)
    [line] = run.err.splitlines()
    assert run.code == 2 and line.startswith(f"error: {repo}: git cannot open the repository: "), run.err
    assert says in line and "(hint: " in line and "names no commit" not in line, line


# -- a commit date git cannot read --------------------------------------------------------------------------------
@pytest.mark.parametrize(("variable", "value"), [("GIT_COMMITTER_DATE", "garbage"), ("GIT_AUTHOR_DATE", "2026-13-45")])
def test_a_commit_date_git_cannot_read_is_named_not_taken_for_no_identity(
    tmp_path: Path, variable: str, value: str
) -> None:
    """git reads the caller's GIT_COMMITTER_DATE and GIT_AUTHOR_DATE with the identity it commits as (a CI job
    pinning dates for a reproducible build sets them): one it cannot read stopped the merge's preflight with
    "git has no identity to commit with (fatal: invalid date format: ...)" and the hint to set a name and an
    email, which were set.  The line names the variable; nothing is written, the checkout is as it was."""
    example = build_example(tmp_path / "ex")
    before = snapshot(example.fork)
    run = run_cli(
        "merge", "v0.29.0", "--repo", example.fork, "--config", example.config, "--no-fetch", env={variable: value}
    )
    assert run.code == 2, run.err
    [line] = without_beats(run.err)
    assert line.startswith(f"error: {variable} is no date git reads (fatal: invalid date format: {value})"), line
    assert f"(hint: unset {variable}, or set it as git reads it" in line and "identity" not in line, line
    assert snapshot(example.fork) == before and not (example.fork / ".git" / "aeon-release" / "runs").exists()


# -- a terminal too narrow for a table ---------------------------------------------------------------------------------
@pytest.mark.parametrize("columns", ["1", "12"])
def test_a_terminal_too_narrow_for_the_report_keeps_every_cell(tmp_path: Path, columns: str) -> None:
    """rich gives a table's columns no room below their borders and padding: at ``COLUMNS=12`` (a tmux pane,
    ``stty cols``) the merge report's status column was blank, a carry "kept" or "lost" alike, and below 10
    every cell of the carries and the picks; exit 0.  Tables are drawn at 40 columns at least: the terminal
    folds the lines, the words are there."""
    example = build_example(tmp_path / "ex")
    run = run_limited(
        "merge", "v0.29.0", "--repo", example.fork, "--config", example.config, "--no-fetch", env={"COLUMNS": columns}
    )
    assert run.code == 0, run.err
    assert run.out.count(" kept ") == 2 and " applied " in run.out and " skipped " in run.out, run.out
    assert "#52816" in run.out and "uma-clamp" in run.out, run.out


# -- git's records split at newlines only ------------------------------------------------------------------------------
@pytest.mark.parametrize("char", ["\u2028", "\x0c", "\x85", "\x1d"], ids=["line-separator", "form-feed", "nel", "gs"])
def test_a_subject_holding_what_splitlines_breaks_at_is_one_subject(tmp_path: Path, char: str) -> None:
    """git prints a commit a line (``log --format=%H%x00%P%x00%s``), and the line was split with
    ``str.splitlines()``, which also breaks at a form feed, \\x1c-\\x1e, NEL and U+2028: upstream's "Add the
    knob<U+2028>for GB10 (#53000)" was read "Add the knob", and the pick of PR #53000 was refused ("has no
    commit ending in '(#53000)'"), as was every merge of that ledger."""
    example = build_example(tmp_path / "ex")
    (example.upstream / "vllm" / "knob.py").write_text("GB10_KNOB = 1\n")
    git(example.upstream, "add", "-A")
    git(example.upstream, "commit", "-q", "--cleanup=verbatim", "-m", f"Add the knob{char}for GB10 (#53000)")
    git(example.fork, "fetch", "-q", "upstream")
    picks = example.config / "cherry_picks.yaml"
    picks.write_text(picks.read_text().replace("    skip:\n", "      - {pr: 53000, reason: the knob}\n    skip:\n"))
    run = run_cli("merge", "v0.29.0", "--repo", example.fork, "--config", example.config, "--no-fetch", "--json")
    assert run.code == 0, run.err
    [pick] = [p for p in run.json()["picks"] if p["ref"] == "#53000"]
    assert pick["status"] == "applied" and pick["subject"] == f"Add the knob{char}for GB10 (#53000)", pick


def test_a_branch_name_holding_a_line_separator_is_one_name(tmp_path: Path) -> None:
    """Branch names were split the same way: a branch ``aeon-v0.28.0<U+2028>old`` (git takes any byte past
    ASCII in a name) listed a branch ``aeon-v0.28.0`` that does not exist, the newest fork branch by its name,
    and the merge stopped on it: "branch 'aeon-v0.28.0' does not exist"."""
    example = build_example(tmp_path / "ex")
    git(example.fork, "branch", "aeon-v0.28.0\u2028old")
    run = run_cli("merge", "v0.29.0", "--repo", example.fork, "--config", example.config, "--no-fetch", "--dry-run")
    assert run.code == 0, run.err
    assert "onto aeon-v0.27.1 " in run.out, run.out


# -- YAML the tool writes reads back as written ------------------------------------------------------------------------
def test_init_writes_text_holding_a_nel_that_reads_back_as_written(tmp_path: Path) -> None:
    """YAML reads NEL (U+0085) as a line break; PyYAML wrote it raw in a single-quoted scalar, where it folds to
    a space: a fork commit "Keep<NEL>the clamp" adding a line that holds one got a title and a marker that read
    back as other text, so the carry's marker was never found in the tree it came from.  Strings holding such a
    character are written double-quoted, as escapes."""
    example = build_example(tmp_path / "ex")
    line = "UMA_NOTE = 'clamp\x85negative CUDA-graph estimates on unified memory'"
    with open(example.fork / "vllm" / "utils" / "torch_utils.py", "a", encoding="utf-8") as module:
        module.write(line + "\n")
    git(example.fork, "commit", "-q", "--cleanup=verbatim", "-am", "Keep\x85the clamp")
    config = tmp_path / "cfg"
    run = run_cli("init", "--repo", example.fork, "--config", config, "--image", "ghcr.io/me/vllm")
    assert run.code == 0, run.err
    carries = load_yaml(config / "carries.yaml", "carries.yaml")["carries"]
    [carry] = [c for c in carries if c["title"].startswith("Keep")]
    assert carry["title"] == "Keep\x85the clamp" and carry["markers"] == [
        {"path": "vllm/utils/torch_utils.py", "text": line}
    ], carry
    audit = run_cli("audit", "--repo", example.fork, "--config", config)
    assert audit.code == 0, audit.out + audit.err


@pytest.mark.parametrize(("title", "got"), [("''", "an empty string"), ("'   '", "a string of blanks only")])
def test_a_blank_string_in_the_ledger_is_named_blank(tmp_path: Path, title: str, got: str) -> None:
    """ "expected a non-empty string, got a string": a blank title read as a value of the wrong type."""
    example = build_example(tmp_path / "ex")
    carries = example.config / "carries.yaml"
    carries.write_text(
        carries.read_text().replace("title: Triton NVFP4 KV cache with NHD-safe slicing", f"title: {title}")
    )
    run = run_cli("ledger", "check", "--config", example.config)
    assert run.code == 2, run.err
    [line] = run.err.strip().splitlines()
    assert line.startswith(f"error: carries.yaml: carries[1].title: expected a non-empty string, got {got}"), line


# -- a build that could not record what it built -------------------------------------------------------------------
@pytest.fixture
def read_only_example(tmp_path: Path) -> Iterator[Any]:
    """The example, its fork seen through a read-only bind mount (mounting takes root: skipped without)."""
    example = build_example(tmp_path / "ex")
    view = tmp_path / "ro"
    view.mkdir()
    bound = subprocess.run(["mount", "--bind", str(tmp_path / "ex"), str(view)], capture_output=True)
    if bound.returncode != 0:
        pytest.skip("a bind mount needs root")
    try:
        subprocess.run(["mount", "-o", "remount,ro,bind", str(view)], check=True, capture_output=True)
        yield demo_repo.Example(view, view / "upstream", view / "fork", example.config)
    finally:
        subprocess.run(["umount", "-l", str(view)], check=False)


def test_a_build_that_cannot_record_its_image_is_refused_before_it_builds(read_only_example: Any) -> None:
    """``build`` on a checkout it cannot write (a read-only mount, a CI cache) ran the whole image build, then
    failed to write its build record, exit 2, which the build documents as "refused before building"; the
    image was there and no record of its audit for ``publish``.  The places it records in are checked first."""
    example = read_only_example
    run = run_cli(
        "build", "--repo", example.fork, "--config", example.config, "--version", "v0.27.1", "--rev", "HEAD",
        env={"DOCKER_HOST": f"unix://{example.root}/no-engine.sock"},
    )  # fmt: skip
    assert run.code == 2, run.err
    [line] = without_beats(run.err)
    assert line.startswith(f"error: build record {example.fork}/.git/aeon-release/builds/"), line
    assert line.endswith(
        "cannot be written: Read-only file system (hint: the file system is read-only: run the command where it can write)"
    ), line
