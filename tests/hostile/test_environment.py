"""The machine around the tool, made hostile: git variables pointing elsewhere, a git config that
runs programs, git missing, standard streams closed, full or cut, credentials in URLs.  Real
processes and real git; one line and a documented exit code, never a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from aeon_release.domain import canary
from aeon_release.errors import redact
from tests.helpers import cpu_seconds
from tests.hostile.conftest import ROOT, config_with, git, make_repo, run_limited
from tests.hostile.test_config_files import TIMEOUT, one_error_line

MARKER = "<<<<<<< HEAD\nours\n=======\ntheirs\n>>>>>>> branch\n"


def _repos(tmp_path: Path) -> tuple[Path, Path, Path]:
    """A repository with a conflict marker (the one --repo names), a clean one, and a config."""
    dirty = make_repo(tmp_path / "dirty", {"a.py": "x = 1\n"})
    make_repo(dirty, {"a.py": MARKER})
    clean = make_repo(tmp_path / "clean", {"a.py": "x = 1\n"})
    return dirty, clean, config_with(tmp_path)


@pytest.mark.parametrize("variable", ["GIT_DIR", "GIT_WORK_TREE", "GIT_COMMON_DIR", "GIT_OBJECT_DIRECTORY"])
@pytest.mark.parametrize("rev", [False, True], ids=["work-tree", "rev"])
def test_git_variables_never_redirect_the_audit(tmp_path: Path, variable: str, rev: bool) -> None:
    dirty, clean, config = _repos(tmp_path)
    elsewhere = {"GIT_DIR": clean / ".git", "GIT_WORK_TREE": clean, "GIT_COMMON_DIR": clean / ".git"}
    value = str(elsewhere.get(variable, clean / ".git" / "objects"))
    extra = ["--rev", "HEAD"] if rev else []
    run = run_limited("audit", "--repo", dirty, "--config", config, *extra, env={variable: value}, timeout=TIMEOUT)
    assert run.code == 1 and "conflict" in run.out, run.err  # the marker in --repo, not the clean repository


@pytest.mark.parametrize("variable", ["GIT_DIR", "GIT_WORK_TREE"])
def test_git_variables_pointing_nowhere_leave_status_working(tmp_path: Path, variable: str) -> None:
    dirty, _, _ = _repos(tmp_path)
    run = run_limited("status", "--repo", dirty, env={variable: str(tmp_path / "nowhere")}, timeout=TIMEOUT)
    assert run.code == 0 and "Traceback" not in run.err, run.err


@pytest.mark.parametrize("where", ["global", "repository"])
def test_the_audit_runs_no_program_from_the_git_config(tmp_path: Path, where: str) -> None:
    dirty, _, config = _repos(tmp_path)
    ran = tmp_path / "ran"
    program = tmp_path / "program.sh"
    program.write_text(f'#!/bin/sh\necho "$0 $*" >> {ran}\n')
    program.chmod(0o755)
    hooks = tmp_path / "hooks"
    hooks.mkdir()
    for hook in ("post-index-change", "post-checkout", "reference-transaction"):
        (hooks / hook).symlink_to(program)
    settings = {"core.fsmonitor": program, "core.pager": program, "core.hooksPath": hooks, "diff.external": program}
    target = ["--global"] if where == "global" else ["--local"]
    for key, value in settings.items():
        git(dirty, "config", *target, key, str(value))
    (dirty / "a.py").touch()  # stat-dirty: status and diff-files refresh the index, and would write it
    for extra in ([], ["--rev", "HEAD"], ["--changed-since", "HEAD~1"]):
        run = run_limited("audit", "--repo", dirty, "--config", config, *extra, timeout=TIMEOUT)
        assert run.code == 1, run.err
    assert not ran.exists(), ran.read_text()


def test_git_missing_from_path_is_one_line(tmp_path: Path) -> None:
    dirty, _, config = _repos(tmp_path)
    run = run_limited("audit", "--repo", dirty, "--config", config, env={"PATH": str(tmp_path / "no-bin")})
    assert "git" in one_error_line(run)


def _cli(args: list[str], **options: object) -> subprocess.CompletedProcess[bytes]:
    """A fresh interpreter: these faults are on the process's own file descriptors."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    command = [sys.executable, "-m", "aeon_release", *args]
    return subprocess.run(command, env=env, capture_output=False, timeout=TIMEOUT, check=False, **options)  # type: ignore[call-overload,no-any-return]


def test_a_full_or_closed_stdout_is_one_line_or_silence(tmp_path: Path) -> None:
    dirty, _, config = _repos(tmp_path)
    audit = ["audit", "--repo", str(dirty), "--config", str(config), "--format", "json"]
    with open("/dev/full", "wb") as full:
        done = _cli(audit, stdout=full, stderr=subprocess.PIPE)
    err = done.stderr.decode()
    assert done.returncode == 2 and "Traceback" not in err and err.count("error:") == 1, err
    # stdout closed (>&-): the output goes nowhere, the exit code stays the audit's
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    shell = ["sh", "-c", 'exec "$@" >&-', "sh", sys.executable, "-m", "aeon_release", *audit]
    closed = subprocess.run(shell, env=env, stderr=subprocess.PIPE, timeout=TIMEOUT, check=False)
    assert closed.returncode == 1 and b"Traceback" not in closed.stderr, closed.stderr


def test_a_reader_that_goes_away_is_no_traceback(tmp_path: Path) -> None:
    names = {f"f{i}.py": MARKER for i in range(1500)}  # a report far beyond a pipe's 64 KiB
    repo = make_repo(tmp_path / "repo", names)
    command = [
        sys.executable,
        "-m",
        "aeon_release",
        "audit",
        "--repo",
        str(repo),
        "--config",
        str(config_with(tmp_path)),
    ]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    with subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE) as writer:
        assert writer.stdout is not None and writer.stderr is not None
        writer.stdout.read(10)
        writer.stdout.close()  # as `| head -c 10` does
        err = writer.stderr.read().decode()
        assert writer.wait(TIMEOUT) in (1, 2) and "Traceback" not in err, err


@pytest.mark.parametrize("stdin", [b"", b"\xff\xfe\x00pass\n", b"x" * 100_000], ids=["empty", "not-utf8", "endless"])
def test_a_password_on_stdin_that_is_no_password(tmp_path: Path, stdin: bytes) -> None:
    config = config_with(tmp_path)
    argv = ["releases", "--repository", "127.0.0.1:9/x", "--config", str(config), "--password-stdin", "--username", "u"]
    done = _cli(argv, input=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    err = done.stderr.decode()
    assert done.returncode == 2 and "Traceback" not in err and "(hint: " in err, err


SECRET = "s3cr3t-in-a-url"


@pytest.mark.parametrize(
    "argv",
    [
        ["canary", "--metrics-url", f"http://user:{SECRET}@127.0.0.1:9/metrics", "--window", "0.1"],
        ["canary", "--metrics-url", f"http://127.0.0.1:9/metrics?token={SECRET}", "--window", "0.1"],
        ["releases", "--repository", f"user:{SECRET}@127.0.0.1:9/x"],
        ["releases", "--repository", f"https://user:{SECRET}@127.0.0.1:9/x"],
    ],
    ids=["url-userinfo", "url-query", "repository-userinfo", "repository-url"],
)
def test_credentials_in_a_url_never_reach_the_output(tmp_path: Path, argv: list[str]) -> None:
    config = config_with(tmp_path)
    (config / "fleet.yaml").write_text((ROOT / "fleet.yaml").read_text())  # the canary's metric names
    run = run_limited(*argv, "--config", config, cwd=tmp_path, timeout=TIMEOUT)
    one_error_line(run)
    assert SECRET not in run.out + run.err


@pytest.mark.parametrize(
    "url", ["http://127.0.0.1:9/\r\nX-Injected: 1", "http://[::1", "http://127.0.0.1:99999/m", "file:///etc/passwd"]
)
def test_a_metrics_url_that_is_no_url_is_one_line(tmp_path: Path, url: str) -> None:
    run = run_limited("canary", "--metrics-url", url, "--config", config_with(tmp_path), cwd=tmp_path, timeout=TIMEOUT)
    assert "--metrics-url" in one_error_line(run)


def test_url_credentials_become_a_header_no_redirect_carries() -> None:
    request = canary._request("http://bob:pa%40ss@127.0.0.1:8000/metrics", {"Accept": "text/plain"})
    assert request.full_url == "http://127.0.0.1:8000/metrics" and request.host == "127.0.0.1:8000"
    assert request.unredirected_hdrs == {"Authorization": "Basic Ym9iOnBhQHNz"}  # bob:pa@ss
    assert "Authorization" not in request.headers  # headers are what a redirect copies


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("busybox:latest@sha256:" + "a" * 64, True),
        ("git@github.com:org/repo", True),
        ("Aeon Demo <demo@aeon.invalid>", True),
        ("x = a[i:j]@b", True),
        ("http://u:PW@h.example/x", False),
        ("u:PW@registry.example:5000/x", False),
        ("u:PW@localhost/x", False),
        ("http://h/m?access_token=PW&x=1", False),
    ],
)
def test_url_credentials_are_redacted_and_nothing_else(text: str, kept: bool) -> None:
    assert (redact(text) == text) is kept
    assert "PW" not in redact(text)


def test_credential_redaction_is_linear() -> None:
    started = cpu_seconds()
    for text in ("a:" * 2_000_000 + "@x", ("a" * 255 + ":" + "b" * 511) * 5000 + "@", "x=" * 2_000_000):
        redact(text)
    assert cpu_seconds() - started < 2.0


@pytest.mark.parametrize("output", [".git/config", ".git/HEAD", "sub/../.git/info/exclude"])
def test_output_never_lands_in_the_git_folder(tmp_path: Path, output: str) -> None:
    dirty, _, config = _repos(tmp_path)
    before = (dirty / ".git" / "config").read_bytes(), (dirty / ".git" / "HEAD").read_bytes()
    run = run_limited("audit", "--repo", dirty, "--config", config, "--output", output, cwd=dirty, timeout=TIMEOUT)
    assert ".git" in one_error_line(run)
    assert ((dirty / ".git" / "config").read_bytes(), (dirty / ".git" / "HEAD").read_bytes()) == before


def test_output_dash_is_stdout(tmp_path: Path) -> None:
    dirty, _, config = _repos(tmp_path)
    run = run_limited("audit", "--repo", dirty, "--config", config, "--format", "json", "--output", "-", cwd=tmp_path)
    assert run.code == 1 and run.out.lstrip().startswith("{") and not (tmp_path / "-").exists()


RULES = "rules:\n  - {id: t/absent, kind: pattern, message: m, paths: ['*.py'], regex: zzz, expect: absent}\n"


def test_a_file_name_that_is_not_utf8_in_a_pull_request(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "repo", {"a.py": "x = 1\n"})
    make_repo(repo, {b"bad-\xff\xfe.py": MARKER})
    config = config_with(tmp_path, RULES)
    for extra in (["--changed-since", "HEAD~1"], ["--changed-since", "HEAD~1", "--format", "sarif"]):
        run = run_limited("audit", "--repo", repo, "--config", config, *extra, timeout=TIMEOUT)
        assert run.code == 1 and "Traceback" not in run.err, run.err


def test_a_bare_command_group_ends_with_one_error_line() -> None:
    run = run_limited("ledger", timeout=TIMEOUT)
    assert run.err.strip().splitlines()[-1].startswith("error: ")
    one_error_line(run)


def test_bad_publish_names_make_no_lock_file(tmp_path: Path) -> None:
    config = config_with(tmp_path)
    argv = ["publish", "--image", "x", "--repository", "127.0.0.1:9/x", "--version", "latest", "--config", config]
    one_error_line(run_limited(*argv, "--repo", tmp_path, cwd=tmp_path, timeout=TIMEOUT))
    assert not (config / ".releases.locks").exists()
