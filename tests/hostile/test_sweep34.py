"""Hostile-input sweep 34: the last sweep's leftovers (a ``core.worktree`` of the repository's config under
``audit --changed-since``, a damaged ``packed-refs``, rename-detection limits and ``core.ignorecase`` of the
repository's config), and the standard streams a run is handed: a stream open the wrong way.  Real git, the
real CLI."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import build_example, snapshot, without_beats
from tests.hostile.conftest import config_with, git, make_repo, run_limited, write_files

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
MARKER = "<<<<<<< HEAD\nours\n=======\ntheirs\n>>>>>>> branch\n"


# -- a standard stream open the wrong way ------------------------------------------------------------------------
def _with_stderr_read_only(tmp_path: Path, *argv: str | Path) -> subprocess.CompletedProcess[bytes]:
    """``aeon-release ARGV`` with stderr a file open for reading only, as ``2>&-`` on a shell-script wrapper
    (a pyenv shim) leaves it: bash opened the script on the descriptor the shell closed."""
    script = tmp_path / "wrapper.sh"
    script.write_text("#!/bin/sh\n")
    with script.open("rb") as read_only:
        return subprocess.run(
            [sys.executable, "-m", "aeon_release", *map(str, argv)],
            stdout=subprocess.PIPE,
            stderr=read_only,
            timeout=120,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )


def test_stderr_open_for_reading_only_keeps_the_exit_code(tmp_path: Path) -> None:
    """The first line said to such a stderr was an EBADF, and the run a crash, exit 3: a dry run's 0 and a
    failed gate's 1 alike.  The stream is the null device instead; the exit code and stdout are the run's."""
    ex = build_example(tmp_path / "ex")
    before = snapshot(ex.fork)
    dry = _with_stderr_read_only(
        tmp_path, "merge", "v0.29.0", "--repo", ex.fork, "--config", ex.config, "--no-fetch", "--dry-run"
    )
    assert dry.returncode == 0 and b"carries" in dry.stdout, dry.stdout[-600:]
    assert snapshot(ex.fork) == before
    (ex.fork / "vllm" / "left.py").write_text(MARKER)
    gate = _with_stderr_read_only(tmp_path, "audit", "--repo", ex.fork, "--config", ex.config)
    assert gate.returncode == 1 and b"vllm/left.py:1" in gate.stdout, gate.stdout[-600:]


# -- a damaged packed-refs ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "argv",
    [("merge", "v0.29.0", "--no-fetch"), ("audit", "--rev", "HEAD"), ("audit", "--changed-since", "aeon-v0.27.1")],
    ids=["merge", "audit-rev", "changed-since"],
)
def test_a_packed_refs_line_git_cannot_parse_is_named_with_the_way_out(tmp_path: Path, argv: tuple[str, ...]) -> None:
    """A line of ``.git/packed-refs`` that is no ``<id> <ref>`` stops every git that reads a ref.  The merge said
    "git remote failed ... check the repository and the revision", ``audit --rev HEAD`` that HEAD "names no
    commit" with the hint to pass another revision.  One line names the file and says to fix the line."""
    ex = build_example(tmp_path / "ex")
    git(ex.fork, "pack-refs", "--all")
    before, packed = snapshot(ex.fork), ex.fork / ".git" / "packed-refs"
    good = packed.read_bytes()
    packed.write_bytes(good + b"not a ref at all\n")
    run = run_limited(*argv, "--repo", ex.fork, "--config", ex.config, timeout=30)
    assert run.code == 2 and "Traceback" not in run.err, run.err
    [line] = without_beats(run.err)
    assert "git cannot read .git/packed-refs in" in line and "not a ref at all" in line, line
    assert "fix or delete the line git quotes" in line and "revision" not in line, line
    assert packed.read_bytes() == good + b"not a ref at all\n"
    packed.write_bytes(good)
    assert snapshot(ex.fork) == before


# -- rename detection as git's defaults have it ------------------------------------------------------------------
def _upstream_moves_two_files(ex: object) -> None:
    """Upstream's v0.30.0 moves the file a carry edits (``triton_attn.py``) and one more, each with a line
    changed (no exact rename: git's rename search compares the two against each other)."""
    upstream, fork = ex.upstream, ex.fork  # type: ignore[attr-defined]
    git(upstream, "switch", "--quiet", "--detach", "v0.29.0")
    for old, new in (
        ("vllm/v1/attention/backends/triton_attn.py", "vllm/v1/attention/backends/triton_attention.py"),
        ("docs/serving.md", "docs/serving-guide.md"),
    ):
        git(upstream, "mv", old, new)
        (upstream / new).write_text("# moved\n" + (upstream / new).read_text())
    git(upstream, "commit", "--quiet", "-am", "Move two modules (#60000)")
    git(upstream, "tag", "v0.30.0")
    git(fork, "fetch", "--quiet", "upstream", "tag", "v0.30.0")
    rules = ex.config / "audits" / "kv_quant.yaml"  # type: ignore[attr-defined]
    rules.write_text(rules.read_text().replace("backends/triton_attn.py", "backends/triton_attention.py"))


@pytest.mark.parametrize("setting", ["merge.renameLimit=1", "diff.renameLimit=1"])
def test_the_repositorys_rename_settings_do_not_change_the_merge(tmp_path: Path, setting: str) -> None:
    """``merge.renameLimit=1`` (or ``diff.renameLimit``, which it falls back to) in the fork's config turned
    git's rename search off for upstream's two moved files: the carry's edit of one met a deleted file, and the
    merge stopped on a modify/delete conflict git's defaults merge cleanly.  The tool's gits search renames
    as git's defaults have them, whatever the repository's config says."""
    ex = build_example(tmp_path / "ex")
    _upstream_moves_two_files(ex)
    git(ex.fork, "config", *setting.split("="))
    run = run_limited("merge", "v0.30.0", "--repo", ex.fork, "--config", ex.config, "--no-fetch", timeout=60)
    assert run.code == 0 and "Traceback" not in run.err, run.out[-1500:] + run.err
    merged = git(ex.fork, "show", "aeon-v0.30.0:vllm/v1/attention/backends/triton_attention.py")
    carried = git(ex.fork, "diff", "v0.27.1", "aeon-v0.27.1", "--", "vllm/v1/attention/backends/triton_attn.py")
    added = [line[1:] for line in carried.splitlines() if line.startswith("+") and not line.startswith("+++")]
    assert added and all(line in merged for line in added), merged


# -- core.worktree elsewhere under --changed-since ---------------------------------------------------------------
@pytest.mark.parametrize("elsewhere_is", ["a-folder", "another-repository"])
def test_changed_since_lists_the_checkouts_changes_whatever_core_worktree_says(
    tmp_path: Path, elsewhere_is: str
) -> None:
    """``core.worktree`` in the repository's config names another folder holding clean copies of the files.
    ``audit --changed-since REV`` ran its gits at the top git named, that folder: "not a git repository" (exit 2),
    or, where the folder held a repository of its own, that repository's changes (the checkout's file with
    conflict markers unseen).  The checkout named is the work tree, as for the audit without the option."""
    repo = make_repo(tmp_path / "repo", {"pkg/a.py": "x = 1\n", "pkg/b.py": "y = 2\n"})
    since = git(repo, "rev-parse", "HEAD")
    elsewhere = tmp_path / "elsewhere"
    files = {"pkg/a.py": "x = 1\n", "pkg/b.py": "y = 2\n"}
    if elsewhere_is == "a-folder":
        write_files(elsewhere, files)
    else:
        make_repo(elsewhere, {**files, "pkg/c.py": "z = 3\n"})
    git(repo, "config", "core.worktree", str(elsewhere))
    (repo / "pkg" / "a.py").write_text(MARKER)
    (repo / "pkg" / "new.py").write_text(MARKER)
    before = git(elsewhere, "status", "--porcelain") if elsewhere_is != "a-folder" else ""
    run = run_limited(
        "audit", "--repo", repo, "--config", config_with(tmp_path), "--changed-since", since, "--format", "json",
        timeout=30,
    )  # fmt: skip
    assert run.code == 1 and "Traceback" not in run.err, run.out[-1500:] + run.err
    assert '"pkg/a.py"' in run.out and '"pkg/new.py"' in run.out and '"pkg/c.py"' not in run.out, run.out
    assert (git(elsewhere, "status", "--porcelain") if elsewhere_is != "a-folder" else "") == before


# -- core.ignorecase=true on a disk that tells the cases apart ---------------------------------------------------
@pytest.mark.parametrize("scope", [(), ("--changed-since", "HEAD")], ids=["work-tree", "changed-since"])
def test_a_case_blind_config_on_a_case_sensitive_disk_hides_no_file(tmp_path: Path, scope: tuple[str, ...]) -> None:
    """``core.ignorecase=true`` in the config of a checkout on a disk that tells ``a.py`` from ``A.py`` (one copied
    from a Mac): git took the untracked ``pkg/A.py`` for the tracked ``pkg/a.py`` and listed it nowhere, and its
    conflict markers passed the audit, exit 0.  Where the disk tells the cases apart, the tool's gits do too."""
    repo = make_repo(tmp_path / "repo", {"pkg/a.py": "x = 1\n"})
    git(repo, "config", "core.ignorecase", "true")
    (repo / "pkg" / "A.py").write_text(MARKER)
    run = run_limited(
        "audit", "--repo", repo, "--config", config_with(tmp_path), *scope, "--format", "json", timeout=30
    )  # fmt: skip
    assert run.code == 1 and "Traceback" not in run.err, run.out[-1500:] + run.err
    assert '"pkg/A.py"' in run.out and "conflict marker" in run.out, run.out


# -- SIGTERM or SIGHUP while the command line is imported --------------------------------------------------------
_EARLY_SIGNAL = """
import builtins, os, signal, sys
import aeon_release.__main__ as entry
real = builtins.__import__
def imported(name, *args, **kwargs):
    if name == "aeon_release.cli":  # the signal lands while the command line is imported (the first 0.3-1.5 s)
        os.kill(os.getpid(), getattr(signal, os.environ["EARLY_SIGNAL"]))
    return real(name, *args, **kwargs)
builtins.__import__ = imported
sys.argv = ["aeon-release", *sys.argv[1:]]
entry.run()
"""


@pytest.mark.parametrize(
    ("signame", "code", "said"), [("SIGTERM", 143, "terminated (SIGTERM)"), ("SIGHUP", 129, "hung up (SIGHUP)")]
)
def test_a_stopping_signal_while_the_command_line_is_imported_is_one_line(
    tmp_path: Path, signame: str, code: int, said: str
) -> None:
    """A cancelled CI job or ``timeout`` (SIGTERM), or a closed terminal (SIGHUP), in the first second of a run,
    before the command's handler was set: the process died of the signal, no line and no exit code (Ctrl-C
    there said "interrupted before the command started", exit 130).  Now as Ctrl-C, with the signal's
    words and code; the checkout as it was, and the run that follows works."""
    ex = build_example(tmp_path / "ex")
    before = snapshot(ex.fork)
    argv = ["merge", "v0.29.0", "--no-fetch", "--repo", str(ex.fork), "--config", str(ex.config)]
    done = subprocess.run(
        [sys.executable, "-c", _EARLY_SIGNAL, *argv],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(ROOT), "EARLY_SIGNAL": signame},
        # a terminal's session: SIGHUP at its default even when the suite itself runs under nohup
        preexec_fn=lambda: signal.signal(signal.SIGHUP, signal.SIG_DFL),
    )
    assert done.returncode == code and "Traceback" not in done.stderr, (done.returncode, done.stderr[-600:])
    assert done.stderr.strip().splitlines() == [f"{said} before the command started: nothing was changed"]
    assert snapshot(ex.fork) == before
    assert run_limited(*argv, timeout=60).code == 0


# -- what a stopped command that only reads says -----------------------------------------------------------------
_STOPPED_AUDIT = """
import os, signal, sys
import aeon_release.commands.audit as audit
real = audit._audited
def stopped(*args, **kwargs):  # the signal lands once the audit has started, as on a big checkout
    os.kill(os.getpid(), getattr(signal, os.environ["STOP_SIGNAL"]))
    return real(*args, **kwargs)
audit._audited = stopped
sys.argv = ["aeon-release", *sys.argv[1:]]
import aeon_release.__main__ as entry
entry.run()
"""


@pytest.mark.parametrize(
    ("signame", "code", "said"), [("SIGINT", 130, "interrupted"), ("SIGTERM", 143, "terminated (SIGTERM)")]
)
@pytest.mark.parametrize(
    ("more", "then"),
    [
        ((), "audit stopped before it finished and changed nothing; run it again"),
        (("--fix",), "the fixes written so far stay, each file whole; run the audit again to finish"),
    ],
    ids=["audit", "audit-fix"],
)
def test_a_stopped_audit_says_what_it_left_not_to_ask_status(
    tmp_path: Path, signame: str, code: int, said: str, more: tuple[str, ...], then: str
) -> None:
    """Ctrl-C or a cancelled CI job during ``audit --output``: the line said "run `aeon-release status` to see where
    the run stands", and ``status`` answered "no aeon-release runs in this repository" (it shows merge runs).  The
    line says what the audit left; no half-written report is there."""
    ex = build_example(tmp_path / "ex")
    report = tmp_path / "report.sarif"
    argv = ["audit", "--repo", str(ex.fork), "--config", str(ex.config), "--format", "sarif", "--output", str(report)]
    done = subprocess.run(
        [sys.executable, "-c", _STOPPED_AUDIT, *argv, *more],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(ROOT), "STOP_SIGNAL": signame},
    )
    assert done.returncode == code and "Traceback" not in done.stderr, (done.returncode, done.stderr[-600:])
    assert done.stderr.strip().splitlines() == [f"{said}: {then}"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ex"]
