"""Class 2: the audit never reads or writes outside the repository (symlinks, FIFOs, --output)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.helpers import without_beats
from tests.hostile.conftest import config_with, git, make_repo, run_limited

GATE = ("--format", "sarif", "--output", "aeon-audit.sarif")


def test_output_through_a_committed_symlink_replaces_the_link(tmp_path: Path, outside: Path) -> None:
    repo = make_repo(tmp_path / "repo", {"m.py": "x = 1\n"})
    os.symlink(outside / "bashrc", repo / "aeon-audit.sarif")
    make_repo(repo, {})
    base = git(repo, "rev-parse", "HEAD~1")
    before = (outside / "bashrc").read_bytes()

    done = run_limited(
        "audit", "--repo", ".", "--config", config_with(tmp_path), "--changed-since", base, *GATE, cwd=repo
    )

    assert done.code == 0, done.err
    assert (outside / "bashrc").read_bytes() == before
    assert not (repo / "aeon-audit.sarif").is_symlink()
    assert json.loads((repo / "aeon-audit.sarif").read_text())["version"] == "2.1.0"


@pytest.mark.parametrize("absolute", [False, True], ids=["relative", "absolute, below the working folder"])
def test_output_under_a_symlinked_folder_is_refused(tmp_path: Path, outside: Path, absolute: bool) -> None:
    """A committed ``reports`` link: a CI job names ``$GITHUB_WORKSPACE/reports/a.sarif`` (absolute) as
    often as ``reports/a.sarif``; both would write outside the repository (sweep 30 found the absolute one)."""
    repo = make_repo(tmp_path / "repo", {"m.py": "x = 1\n"})
    os.symlink(outside, repo / "reports")
    done = run_limited(
        "audit",
        "--repo",
        ".",
        "--config",
        config_with(tmp_path),
        "--format",
        "sarif",
        "--output",
        str(repo / "reports/a.sarif") if absolute else "reports/a.sarif",
        cwd=repo,
    )
    assert done.code == 2 and "symbolic link" in done.err
    assert sorted(p.name for p in outside.iterdir()) == ["bashrc"]


def test_output_to_an_absolute_path_outside_the_working_folder_is_the_callers(tmp_path: Path, outside: Path) -> None:
    """``--output /elsewhere/a.sarif`` through a link of the caller's own (outside the working folder) is written."""
    repo = make_repo(tmp_path / "repo", {"m.py": "x = 1\n"})
    os.symlink(outside, tmp_path / "mine")
    done = run_limited(
        "audit", "--repo", ".", "--config", config_with(tmp_path), "--format", "sarif", "--output",
        str(tmp_path / "mine" / "a.sarif"), cwd=repo,
    )  # fmt: skip
    assert done.code == 0, done.err
    assert json.loads((outside / "a.sarif").read_text())["version"] == "2.1.0"


def test_output_to_a_directory_or_an_unwritable_place_is_one_line(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "repo", {"m.py": "x = 1\n"})
    (repo / "out").mkdir()
    for target in ("out", "/proc/aeon-audit.sarif"):
        done = run_limited(
            "audit",
            "--repo",
            repo,
            "--config",
            config_with(tmp_path),
            "--format",
            "sarif",
            "--output",
            target,
            cwd=repo,
        )
        lines = without_beats(done.err)
        assert done.code == 2 and len(lines) == 1 and lines[0].startswith("error: --output"), done.err
    assert not any(p.name.endswith(".tmp") for p in repo.rglob("*"))


def test_symlinks_to_devices_and_host_files_are_not_followed(tmp_path: Path, outside: Path) -> None:
    secret = outside / "secret.py"
    secret.write_text("password = 'hunter2-host-file' (\n")  # would be a SyntaxError quoting the line
    repo = make_repo(tmp_path / "repo", {"m.py": "x = 1\n"})
    os.symlink("/dev/zero", repo / "zero.py")
    os.symlink("/dev/urandom", repo / "random.txt")
    os.symlink(secret, repo / "leak.py")
    os.symlink(outside, repo / "linked")
    make_repo(repo, {})

    for extra in ([], ["--rev", "HEAD"]):
        done = run_limited(
            "audit",
            "--repo",
            repo,
            "--config",
            config_with(tmp_path),
            "--format",
            "json",
            *extra,
            memory=768 * 1024 * 1024,
            timeout=30,
        )
        report = json.loads(done.out)
        assert "hunter2" not in done.out + done.err
        skipped = {f["path"] for f in report["findings"] if f["rule"] == "audit/not-audited"}
        assert {"zero.py", "random.txt", "leak.py", "linked"} <= skipped
        # the links named .py are read by py-compile's paths: what the gate did not read it cannot pass
        # (sweep 18); every other link is a warning, and nothing else fails
        errors = {(f["rule"], f["path"]) for f in report["findings"] if f["severity"] == "error"}
        assert done.code == 1 and errors == {("audit/not-audited", "zero.py"), ("audit/not-audited", "leak.py")}, errors


def test_a_fifo_in_the_work_tree_does_not_hang_the_audit(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "repo", {"m.py": "x = 1\n", "pipe.py": "x = 2\n"})
    (repo / "pipe.py").unlink()
    os.mkfifo(repo / "pipe.py")  # a tracked path that is now a FIFO: opening it would block forever
    os.mkfifo(repo / "untracked.txt")
    plain = tmp_path / "plain"  # not a git work tree: every entry is walked
    plain.mkdir()
    os.mkfifo(plain / "fifo.py")

    for tree, expected in ((repo, {"pipe.py"}), (plain, {"fifo.py"})):
        done = run_limited("audit", "--repo", tree, "--config", config_with(tmp_path), "--format", "json", timeout=30)
        report = json.loads(done.out)
        assert done.code == 0 and done.cpu < 20, done.err
        assert {f["path"] for f in report["findings"] if f["rule"] == "audit/not-audited"} == expected


def test_rev_reads_git_objects_and_leaves_no_checkout(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "repo", {"m.py": "x = (\n"})
    make_repo(repo, {"m.py": "x = 1\n"})
    worktrees = git(repo, "worktree", "list", "--porcelain")

    done = run_limited(
        "audit", "--repo", repo, "--config", config_with(tmp_path), "--rev", "HEAD~1", "--format", "json"
    )

    errors = [f["path"] for f in json.loads(done.out)["findings"] if f["severity"] == "error"]
    assert done.code == 1 and errors == ["m.py"]
    assert git(repo, "worktree", "list", "--porcelain") == worktrees
    assert not list(Path(os.environ.get("TMPDIR", "/tmp")).glob("aeon-audit-*"))


def test_a_bare_repository_is_audited_from_its_objects(tmp_path: Path) -> None:
    source = make_repo(tmp_path / "repo", {"m.py": "x = (\n", "ok.py": "x = 1\n"})
    bare = tmp_path / "bare.git"
    git(tmp_path, "clone", "-q", "--bare", str(source), str(bare))

    done = run_limited("audit", "--repo", bare, "--config", config_with(tmp_path), "--format", "json")

    report = json.loads(done.out)
    assert done.code == 1
    assert {f["path"] for f in report["findings"] if f["severity"] == "error"} == {"m.py"}
    assert report["files_scanned"] == 2  # the fork's files, not git's own (HEAD, config, objects/...)


def test_output_to_dev_null_writes_in_place(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "repo", {"m.py": "x = 1\n"})
    done = run_limited(
        "audit", "--repo", repo, "--config", config_with(tmp_path), "--format", "sarif", "--output", "/dev/null"
    )
    assert done.code == 0, done.err
    assert Path("/dev/null").is_char_device()  # written through, never replaced by a rename


def test_output_over_a_read_only_file_is_refused(tmp_path: Path) -> None:
    """``chmod a-w report.sarif``: the rename that writes a report replaced it silently (root passes every
    permission), so a file no one may write is refused, one line, and left as it was (sweep 30)."""
    repo = make_repo(tmp_path / "repo", {"m.py": "x = 1\n"})
    kept = repo / "kept.sarif"
    kept.write_text("the owner's\n")
    kept.chmod(0o444)
    done = run_limited(
        "audit", "--repo", ".", "--config", config_with(tmp_path), "--format", "sarif", "--output", "kept.sarif",
        cwd=repo,
    )  # fmt: skip
    lines = without_beats(done.err)
    assert done.code == 2 and len(lines) == 1 and "read-only" in lines[0], done.err
    assert kept.read_text() == "the owner's\n"
