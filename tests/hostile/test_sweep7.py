"""Hostile-input sweep 7: programs from the user's git config that never end, Ctrl-C, a file-size
limit, a stdout that cannot encode the report.  Real hooks, real gpg.program stand-ins, real
processes and signals; one line and a documented exit code, never a traceback or a hang."""

from __future__ import annotations

import contextlib
import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

import pytest

from aeon_release.adapters import git as git_adapter
from aeon_release.adapters import process as process_adapter
from tests.helpers import build_example, run_cli, snapshot
from tests.hostile.conftest import ROOT, config_with, make_repo
from tests.hostile.test_config_files import TIMEOUT

NEVER_ENDS = '#!/bin/sh\n(sleep 1000 & echo $! > "{pids}/$$.bg"); echo $$ > "{pids}/$$.fg"; sleep 1000\n'


def _cli(
    *args: object, cwd: Path, env: dict[str, str] | None = None, **kwargs: object
) -> subprocess.CompletedProcess[str]:
    """A fresh `aeon-release` process (a signal, a stream encoding or a resource limit of its own)."""
    return subprocess.run(
        [sys.executable, "-m", "aeon_release", *map(str, args)],
        cwd=cwd,
        env={**os.environ, "PYTHONPATH": str(ROOT), **(env or {})},
        capture_output=True,
        text=True,
        errors="replace",  # a stdout in latin-1 on purpose
        timeout=TIMEOUT,
        check=False,
        **kwargs,  # type: ignore[call-overload]
    )


def _error_line(err: str) -> str:
    assert "Traceback" not in err and "crashed" not in err, err
    lines = [line for line in err.splitlines() if line.startswith("error:")]
    assert len(lines) == 1 and "(hint: " in lines[0], err
    return lines[0]


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # a zombie is dead: it only waits for its parent to read its status
    stat = Path(f"/proc/{pid}/stat")
    return stat.exists() and stat.read_text().rsplit(")", 1)[-1].split()[0] != "Z"


# A hook git runs on a commit or a ref update, or the gpg.program a signed commit runs: git waits
# for each forever.  The run must stop it (and what it started), say which, and keep the user's branch.
NEVER_ENDING = ["commit-msg", "prepare-commit-msg", "pre-merge-commit", "reference-transaction", "gpg.program"]


@pytest.mark.parametrize("program", NEVER_ENDING)
def test_a_program_from_the_git_config_that_never_ends_is_stopped(
    tmp_path: Path, program: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The limit is ten minutes; the test shortens it (the program and the kill are real).  Without a
    # terminal (CI, a cron job) the whole session is stopped; a pytest started at a terminal has one,
    # where the program keeps the terminal's session and Ctrl-C reaches what it started.
    # 1.5 s, not less: the limit is every git's, and at 0.3 s a plain `git rev-parse` of the run's own was
    # stopped first on a loaded CI machine (the hook never ran, and the line named rev-parse)
    monkeypatch.setattr(git_adapter, "PROGRAM_SECONDS", 1.5)
    monkeypatch.setattr(git_adapter, "has_terminal", lambda: False)
    example = build_example(tmp_path / "ex")
    pids = tmp_path / "pids"
    pids.mkdir()
    script = tmp_path / "never-ends"
    script.write_text(NEVER_ENDS.format(pids=pids))
    script.chmod(0o755)
    if program == "gpg.program":
        settings = {"commit.gpgSign": "true", "gpg.program": str(script)}
    else:
        (tmp_path / "hooks").mkdir()
        (tmp_path / "hooks" / program).symlink_to(script)
        settings = {"core.hooksPath": str(tmp_path / "hooks")}
    for key, value in settings.items():
        subprocess.run(["git", "-C", str(example.fork), "config", key, value], check=True)
    before = snapshot(example.fork)
    started = time.monotonic()
    result = run_cli("merge", "v0.29.0", "--repo", example.fork, "--config", example.config, "--no-fetch")
    assert time.monotonic() - started < TIMEOUT
    assert result.code in (1, 2), result.err
    line = _error_line(result.err)
    assert "did not finish within 1.5 s" in line
    if program in ("commit-msg", "prepare-commit-msg", "pre-merge-commit"):  # the hooks the tool runs itself
        assert f"the {program} hook did not finish" in line and "refused" not in line, line
    assert snapshot(example.fork) == before
    started_pids = [int(p.read_text()) for p in pids.iterdir()]
    assert started_pids and not any(_alive(pid) for pid in started_pids)  # the program and its child


def test_ctrl_c_says_where_the_run_stands(tmp_path: Path) -> None:
    example = build_example(tmp_path / "ex")
    hook = tmp_path / "hooks" / "commit-msg"
    hook.parent.mkdir()
    hook.write_text("#!/bin/sh\nkill -INT $PPID\nsleep 5\n")  # $PPID: the aeon-release process
    hook.chmod(0o755)
    subprocess.run(["git", "-C", str(example.fork), "config", "core.hooksPath", str(hook.parent)], check=True)
    before = snapshot(example.fork)
    done = _cli("merge", "v0.29.0", "--repo", example.fork, "--config", example.config, "--no-fetch", cwd=tmp_path)
    assert done.returncode == 130, done.stderr
    assert "interrupted: run `aeon-release status`" in done.stderr and "Traceback" not in done.stderr
    assert snapshot(example.fork) == before


def _no_file_bigger_than_nothing() -> None:
    resource.setrlimit(resource.RLIMIT_FSIZE, (0, 0))  # `ulimit -f 0`; Python ignores SIGXFSZ: writes fail EFBIG


@pytest.mark.parametrize(
    "argv",
    [
        ("merge", "v0.29.0", "--repo", "{fork}", "--config", "{config}", "--no-fetch"),
        ("audit", "--repo", "{fork}", "--config", "{config}", "--format", "sarif", "--output", "{tmp}/a.sarif"),
    ],
    ids=["merge-lock", "audit-output"],
)
def test_a_file_size_limit_is_one_line(tmp_path: Path, argv: tuple[str, ...]) -> None:
    example = build_example(tmp_path / "ex")
    before = snapshot(example.fork)
    names = {"{fork}": example.fork, "{config}": example.config, "{tmp}": tmp_path}
    args = [next((arg.replace(k, str(v)) for k, v in names.items() if k in arg), arg) for arg in argv]
    done = _cli(*args, cwd=tmp_path, preexec_fn=_no_file_bigger_than_nothing)
    assert done.returncode == 2, done.stderr
    assert "File too large" in _error_line(done.stderr)
    assert snapshot(example.fork) == before


@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
@pytest.mark.parametrize("report", ["table", "markdown"])
def test_a_stdout_that_cannot_encode_the_report(tmp_path: Path, encoding: str, report: str) -> None:
    repo = make_repo(tmp_path / "repo", {"ü/é€.py": "x = (\n"})
    config = config_with(tmp_path, "rules:\n  - {id: py, kind: py-compile, message: does not compile}\n")
    done = _cli(
        "audit",
        "--repo",
        repo,
        "--config",
        config,
        "--format",
        report,
        cwd=tmp_path,
        env={"PYTHONIOENCODING": encoding},
    )
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr
    assert "\\u20ac.py" in done.stdout  # the name is there, escaped


# A git directory is not always named .git: `git init --separate-git-dir`, a bare repository.  A
# report or a ledger written over its config or into refs/heads breaks the repository.
@pytest.mark.parametrize(
    "argv",
    [
        ("audit", "--repo", "{work}", "--config", "{config}", "--format", "json", "--output", "{gitdir}/config"),
        ("audit", "--repo", "{work}", "--config", "{config}", "--output", "{gitdir}/refs/heads/report"),
        ("init", "--repo", "{work}", "--image", "ghcr.io/me/fork", "--config", "{gitdir}/refs/heads"),
        ("init", "--repo", "{work}", "--image", "ghcr.io/me/fork", "--config", "{work}/.git/refs/heads"),
    ],
    ids=["separate-git-dir-config", "separate-git-dir-refs", "init-separate-git-dir", "init-dot-git"],
)
def test_nothing_is_written_into_a_git_directory_of_any_name(tmp_path: Path, argv: tuple[str, ...]) -> None:
    work, gitdir = tmp_path / "work", tmp_path / "elsewhere.git"
    separate = "{gitdir}" in " ".join(argv)
    subprocess.run(
        ["git", "init", "-q", *(["--separate-git-dir", str(gitdir)] if separate else []), str(work)], check=True
    )
    gitdir = gitdir if separate else work / ".git"
    (work / "a.py").write_text("x = 1\n")
    subprocess.run(["git", "-C", str(work), "add", "-A"], check=True)
    subprocess.run(["git", "-C", str(work), "commit", "-qm", "one"], check=True)
    subprocess.run(["git", "-C", str(work), "tag", "v1.0.0"], check=True)
    subprocess.run(["git", "-C", str(work), "checkout", "-qb", "fork-v1.0.0"], check=True)
    config = config_with(tmp_path)
    before = _git_dir_state(gitdir)
    names = {"{work}": work, "{config}": config, "{gitdir}": gitdir}
    args = [next((arg.replace(k, str(v)) for k, v in names.items() if k in arg), arg) for arg in argv]
    result = run_cli(*args, cwd=tmp_path)
    assert result.code == 2 and "inside a .git folder" in _error_line(result.err), result.err
    assert _git_dir_state(gitdir) == before


def test_a_folder_holding_a_head_file_and_an_objects_folder_is_no_git_directory(tmp_path: Path) -> None:
    """git's own test wants refs/ too: a report folder of a data set (HEAD, objects/) is written to."""
    ex = build_example(tmp_path / "ex")
    out = tmp_path / "reports"
    (out / "objects").mkdir(parents=True)
    (out / "HEAD").write_text("the newest report\n")
    result = run_cli("audit", "--repo", ex.fork, "--config", ex.config, "--format", "json", "--output", out / "r.json")
    assert result.code in (0, 1), result.err
    assert json.loads((out / "r.json").read_text())


def _git_dir_state(gitdir: Path) -> tuple[bytes, list[str]]:
    """What a stray write would break: git's config and its refs (the run's own folder may change)."""
    return (gitdir / "config").read_bytes(), sorted(str(p) for p in (gitdir / "refs").rglob("*"))


@pytest.mark.parametrize("target", ["v0.29.0^{tree}", "v0.29.0:vllm/version.py"], ids=["tree", "file"])
def test_a_tag_that_names_no_commit_says_so(tmp_path: Path, target: str) -> None:
    example = build_example(tmp_path / "ex")
    subprocess.run(["git", "-C", str(example.fork), "tag", "v0.30.0", target], check=True)
    result = run_cli("merge", "v0.30.0", "--repo", example.fork, "--config", example.config, "--no-fetch", "--dry-run")
    assert result.code == 2 and "not a commit" in _error_line(result.err), result.err


@pytest.mark.parametrize("kind", ["folder", "fifo"])
def test_a_carry_patch_that_is_no_file_says_so(tmp_path: Path, kind: str) -> None:
    config = config_with(tmp_path)
    (config / "carries.yaml").write_text(
        "carries:\n  - {id: p, title: t, upstream_pr: 1, status: active, patch: p.patch, markers: []}\n"
    )
    (config / "p.patch").mkdir() if kind == "folder" else os.mkfifo(config / "p.patch")
    result = run_cli("ledger", "check", "--config", config, cwd=tmp_path)
    assert result.code == 2 and "p.patch is not a regular file" in _error_line(result.err), result.err


# How a program is stopped: git removes its lock files on SIGTERM and SIGINT, not on SIGKILL, and a
# lock left behind breaks the user's next git command.  SIGKILL comes only after a grace period.
def test_a_program_past_its_time_gets_sigterm_first_and_may_clean_up(tmp_path: Path) -> None:
    cleaned = tmp_path / "cleaned"
    script = f"trap 'echo yes > {cleaned}; exit 143' TERM; sleep 1000 & wait"
    started = time.monotonic()
    done = process_adapter.bounded_run(["sh", "-c", script], seconds=0.5, cwd=tmp_path, env=dict(os.environ))
    assert done.returncode == -9 and b"did not finish within 0.5 s" in done.stderr
    assert cleaned.read_text() == "yes\n"
    assert time.monotonic() - started < process_adapter._GRACE_SECONDS


def test_a_program_that_ignores_sigterm_is_killed_after_the_grace_period(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(process_adapter, "_GRACE_SECONDS", 0.5)
    done = process_adapter.bounded_run(
        ["sh", "-c", "trap '' TERM; sleep 1000 & wait"], seconds=0.3, cwd=tmp_path, env=dict(os.environ)
    )
    assert done.returncode == -9


def test_fetch_keeps_the_terminal_session_and_other_git_commands_get_their_own(tmp_path: Path) -> None:
    """A fetch may ask for a password or an ssh passphrase on the terminal: a program in a session of
    its own has no terminal to ask on.  The upload-pack git runs for a local remote tells its session."""
    ex = build_example(tmp_path / "ex")
    sessions = tmp_path / "sessions"
    pack = tmp_path / "upload-pack"
    pack.write_text(f'#!/bin/sh\nps -o sid= -p $$ >> {sessions}\nexec git-upload-pack "$@"\n')
    pack.chmod(0o755)
    repo = git_adapter.Git(ex.fork)
    repo.run("config", "remote.upstream.uploadpack", str(pack))
    repo.run("fetch", "--quiet", "--tags", "upstream")
    assert [int(s) for s in sessions.read_text().split()] == [os.getsid(0)]
    own = process_adapter.bounded_run(["sh", "-c", "ps -o sid= -p $$"], seconds=30, cwd=tmp_path, env=dict(os.environ))
    assert int(own.stdout) != os.getsid(0)


@pytest.mark.parametrize("command", [["merge", "v0.29.0", "--no-fetch"], ["status"], ["audit", "--rev", "HEAD"]])
def test_a_linked_state_folder_is_refused_and_nothing_is_written_through_it(tmp_path: Path, command: list[str]) -> None:
    ex = build_example(tmp_path / "ex")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (ex.fork / ".git" / "aeon-release").symlink_to(elsewhere)
    extra = ["--config", str(ex.config)] if command[0] != "status" else []
    result = run_cli(*command, "--repo", ex.fork, *extra)
    assert result.code == 2, result.err
    assert "aeon-release: is a symbolic link" in _error_line(result.err)
    assert not any(elsewhere.iterdir())


@pytest.mark.parametrize("inside", [False, True], ids=["outside", "inside"])
def test_a_carry_patch_linked_outside_the_config_folder_is_refused(tmp_path: Path, inside: bool) -> None:
    config = config_with(tmp_path)
    (config / "carries.yaml").write_text(
        "carries:\n  - {id: p, title: t, upstream_pr: 1, status: active, patch: p.patch, markers: []}\n"
    )
    secret = (config if inside else tmp_path) / "real.patch"
    secret.write_text("--- a/x\n+++ b/x\n")
    (config / "p.patch").symlink_to(secret)
    result = run_cli("ledger", "check", "--config", config, cwd=tmp_path)
    if inside:  # a link to a patch kept in the folder is the folder's own
        assert result.code == 0, result.err
    else:
        assert result.code == 2 and "p.patch leads outside" in _error_line(result.err), result.err


# gpg's loopback pinentry and ssh-keygen (gpg.format=ssh, a key with a passphrase and no agent) ask on
# /dev/tty: a signing commit made at a terminal must keep the terminal's session to be asked there.
ASKS_ON_THE_TERMINAL = """#!/bin/sh
: </dev/tty || exit 2
cat >/dev/null
printf '\\n[GNUPG:] SIG_CREATED D 1 8 00 0 X\\n' >&2
printf -- '-----BEGIN PGP SIGNATURE-----\\n\\nxx\\n-----END PGP SIGNATURE-----\\n'
"""
AT_A_TERMINAL = """
import fcntl, sys, termios
fcntl.ioctl(0, termios.TIOCSCTTY, 0)  # the pseudo-terminal becomes this session's terminal
from aeon_release.adapters.git import Git
git = Git(sys.argv[1])
print("signed", git.commit_tree(git.run("rev-parse", "HEAD^{tree}"), [], b"m"), flush=True)
"""


def test_a_signing_program_at_a_terminal_can_ask_on_it(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "repo", {"a.txt": "a\n"})
    gpg = tmp_path / "gpg"
    gpg.write_text(ASKS_ON_THE_TERMINAL)
    gpg.chmod(0o755)
    for key, value in {"commit.gpgSign": "true", "gpg.program": str(gpg)}.items():
        subprocess.run(["git", "-C", str(repo), "config", key, value], check=True)
    out = _at_a_terminal(AT_A_TERMINAL, repo)
    assert b"signed " in out, out


# A hook may ask on the terminal too (commitizen's `exec < /dev/tty`): under git it can, and so here.
HOOK_AT_A_TERMINAL = """
import fcntl, sys, termios
fcntl.ioctl(0, termios.TIOCSCTTY, 0)
from aeon_release.adapters.git import Git
result = Git(sys.argv[1]).run_hook("commit-msg", "msg", cwd=Git(sys.argv[1]).path, env={})
print("hook exit", result.status if result else None, flush=True)
"""


def test_a_hook_at_a_terminal_can_ask_on_it(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "repo", {"a.txt": "a\n"})
    hook = repo / ".git" / "hooks" / "commit-msg"
    hook.write_text("#!/bin/sh\n: </dev/tty || exit 2\n")
    hook.chmod(0o755)
    out = _at_a_terminal(HOOK_AT_A_TERMINAL, repo)
    assert b"hook exit 0" in out, out


def _at_a_terminal(script: str, repo: Path) -> bytes:
    """``script`` run in a session whose terminal is a pseudo-terminal; what it printed there."""
    primary, secondary = os.openpty()
    with subprocess.Popen(
        [sys.executable, "-c", script, str(repo)],
        stdin=secondary,
        stdout=secondary,
        stderr=secondary,
        start_new_session=True,  # a session without a terminal, which then takes the pseudo-terminal
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    ) as proc:
        os.close(secondary)
        out = b""
        with contextlib.suppress(OSError):  # EIO once the terminal's last holder is gone
            while chunk := os.read(primary, 4096):
                out += chunk
        assert proc.wait(timeout=TIMEOUT) == 0, out
    os.close(primary)
    return out


INTERRUPTED_TWICE = """
import os, signal, sys, threading, time
from pathlib import Path
from aeon_release.adapters import process
def ctrl_c_twice():
    while not Path(sys.argv[1]).exists():
        time.sleep(0.05)
    for _ in range(2):
        os.kill(os.getpid(), signal.SIGINT)
        time.sleep(0.3)
threading.Thread(target=ctrl_c_twice, daemon=True).start()
script = f"trap '' INT; echo $$ > {sys.argv[1]}; while :; do sleep 0.1; done"
process.bounded_run(["sh", "-c", script], seconds=600, cwd=Path.cwd(), env=dict(os.environ))
"""


def test_a_second_ctrl_c_in_the_grace_period_leaves_no_program_running(tmp_path: Path) -> None:
    """A program that ignores SIGINT gets SIGKILL after the grace period; a person who presses Ctrl-C
    again meanwhile must not leave it running in its own session, where no terminal signal reaches it."""
    pid_file = tmp_path / "pid"
    done = subprocess.run(
        [sys.executable, "-c", INTERRUPTED_TWICE, str(pid_file)],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=False,
    )
    assert done.returncode != 0 and "KeyboardInterrupt" in done.stderr, done.stderr
    pid = int(pid_file.read_text())
    deadline = time.monotonic() + 30  # SIGKILL was sent; a loaded machine may end the program late, never not
    while _alive(pid) and time.monotonic() < deadline:
        time.sleep(0.05)
    alive = _alive(pid)
    if alive:
        os.killpg(pid, 9)  # not left behind by the test either
    assert not alive


def test_a_repository_made_inside_a_remembered_folder_is_its_own(tmp_path: Path) -> None:
    """A folder's work-tree top is remembered per process: a `git init` of a folder between it and that top
    since (a nested repository, a worktree made where a plain folder was) must not send git to the outer one."""
    outer = make_repo(tmp_path / "outer", {"a.txt": "a\n"})
    deep = outer / "inner" / "deep"
    deep.mkdir(parents=True)
    assert git_adapter.Git(deep).run("rev-parse", "--show-toplevel") == str(outer)
    subprocess.run(["git", "init", "-q", str(outer / "inner")], check=True)
    assert git_adapter.Git(deep).run("rev-parse", "--show-toplevel") == str(outer / "inner")


def test_a_worktree_of_another_repository_at_the_same_place_has_its_own_git_directory(tmp_path: Path) -> None:
    """The common git directory is remembered per work tree: a worktree removed and one of another
    repository added at the same path must not send plumbing (commits, merges) to the first repository."""
    first, second = (make_repo(tmp_path / name, {"a.txt": f"{name}\n"}) for name in ("first", "second"))
    place = tmp_path / "wt"
    subprocess.run(["git", "-C", str(first), "worktree", "add", "-q", "--detach", str(place)], check=True)
    assert git_adapter.Git(place).common_dir == first / ".git"
    subprocess.run(["git", "-C", str(first), "worktree", "remove", str(place)], check=True)
    subprocess.run(["git", "-C", str(second), "worktree", "add", "-q", "--detach", str(place)], check=True)
    assert git_adapter.Git(place).common_dir == second / ".git"
