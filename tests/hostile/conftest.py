"""Hostile input: real git objects, real symlinks and FIFOs, real HTTP servers on 127.0.0.1.

Anything that could exhaust the machine runs in a child process under an address-space limit
(RLIMIT_AS) and a wall-clock timeout: a regression then fails its test instead of the machine.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import build_example, init_repo, run_cli

ROOT = Path(__file__).resolve().parents[2]
MEMORY_LIMIT = 1536 * 1024 * 1024  # bytes of address space for one CLI run
TIME_LIMIT = 60.0  # CPU seconds of one CLI run
WALL_SLACK = 5  # a run's wall time may be this many times its CPU limit: 2 cores shared by a suite's workers


@dataclass(frozen=True)
class Run:
    code: int
    out: str
    err: str
    seconds: float  # wall time
    cpu: float  # CPU seconds of the run and its finished children: what the hang guards compare


def run_limited(
    *args: str | Path,
    cwd: Path | None = None,
    memory: int = MEMORY_LIMIT,
    timeout: float = TIME_LIMIT,
    env: Mapping[str, str] | None = None,
) -> Run:
    """`aeon-release ARGS` in a child process under a memory limit and a timeout.

    The child is forked from a server that imported the CLI once (tests/hostile/limited.py says
    why and what stays the same).  ``timeout`` is CPU seconds (RLIMIT_CPU, for the run and for each
    process it starts), which a busy machine stretches far less than the wall time; the wall clock allows WALL_SLACK times
    that, for a run that waits for good (a FIFO, a lock).  A run past either is killed and
    subprocess.TimeoutExpired raised, as subprocess.run does."""
    import tempfile
    import time

    from tests.hostile import limited

    argv = [str(a) for a in args]
    full_env = {**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}
    with tempfile.TemporaryDirectory(prefix="aeon-limited-") as folder:
        out, err = os.path.join(folder, "out"), os.path.join(folder, "err")
        child = _forkserver().Process(
            target=limited.run,
            args=(argv, str(cwd or os.getcwd()), full_env, memory, out, err),
            kwargs={"cpu": timeout},
        )
        started = time.monotonic()
        child.start()
        child.join(timeout * WALL_SLACK)
        waited_out = child.exitcode is None
        if waited_out:
            child.kill()
            child.join()
        if waited_out or child.exitcode == -signal.SIGXCPU:
            raise subprocess.TimeoutExpired(["aeon-release", *argv], timeout)
        seconds = time.monotonic() - started
        return Run(child.exitcode, _text(out), _text(err), seconds, _cpu(out + ".cpu", seconds))


def _cpu(path: str, wall: float) -> float:
    """What the run wrote of its CPU seconds (the wall time when it could not write: killed, say)."""
    try:
        with open(path, encoding="ascii") as fh:
            return float(fh.read())
    except (OSError, ValueError):
        return wall


def spawn_cli(*args: str | Path, stderr: Path | None = None) -> Any:
    """`aeon-release ARGS` started and not waited for, for a test that kills it: like
    ``subprocess.Popen([sys.executable, "-m", "aeon_release", *ARGS], start_new_session=True)``, but
    forked from run_limited's server, which imported the CLI once (a fresh interpreter spends
    0.3-0.5 s of CPU on the imports).  No memory limit; the test's environment and working folder;
    stdout to /dev/null, stderr to ``stderr`` (default /dev/null).  The caller polls ``.exitcode``
    (None while it runs), kills the group ``os.killpg(child.pid, ...)`` and ``.join()``s it."""
    from tests.hostile import limited

    argv = [str(a) for a in args]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    child = _forkserver().Process(
        target=limited.run, args=(argv, os.getcwd(), env, 0, os.devnull, str(stderr or os.devnull), True)
    )
    child.start()
    return child


def wait_for(reached: Callable[[], bool], what: str, run: Any, said: Path | None = None, seconds: float = 120) -> None:
    """Poll ``reached`` while ``run`` (a spawn_cli child) runs: a failure names ``what`` was awaited, and why it
    ended (the run's exit and the end of ``said``, its stderr, or the time).  ``seconds`` is a hang guard sized
    for a loaded two-core CI machine, not a speed claim."""
    import time

    deadline = time.monotonic() + seconds
    while not reached():
        ended = run.exitcode
        if ended is not None and not reached():  # reached just before it ended: as good
            tail = said.read_text(errors="replace")[-3000:] if said is not None and said.exists() else ""
            raise AssertionError(f"the run ended (exit {ended}) before {what}:\n{tail}")
        assert time.monotonic() < deadline, f"waited {seconds:.0f} s for {what}; the run is still going"
        time.sleep(0.02)


def _text(path: str) -> str:
    with open(path, "rb") as handle:
        return handle.read().decode("utf-8", "replace")


_FORKSERVER: list[Any] = []


def _forkserver() -> Any:
    """multiprocessing's forkserver context, its server preloading the CLI (started on first use)."""
    import multiprocessing

    from tests.hostile import limited

    if not _FORKSERVER:
        from multiprocessing import forkserver

        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(limited.PRELOAD)
        # started and through its preload here, not in the first run's start(): a run's wall time (Run.seconds)
        # is its own, not the server's start beside it (34 s of a worker's first run on a loaded machine, against
        # bounds of 0.9-20 s).  The first child forked answers only once the server has imported the CLI.
        forkserver.ensure_running()
        warm = context.Process(target=os.getpid)
        warm.start()
        warm.join()
        _FORKSERVER.append(context)
    return _FORKSERVER[0]


def git(repo: Path, *args: str | bytes, input: bytes | None = None) -> str:
    done = subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True, input=input)
    return done.stdout.decode("utf-8", "replace").strip()


def make_repo(path: Path, files: Mapping[bytes | str, bytes | str], message: str = "commit") -> Path:
    """A git repository whose work tree and HEAD hold ``files`` (bytes names allowed)."""
    if not (path / ".git").exists():
        init_repo(path)
    write_files(path, files)
    git(path, "add", "-A")
    git(path, "commit", "-q", "--allow-empty", "-m", message)
    return path


def write_files(root: Path, files: Mapping[bytes | str, bytes | str]) -> None:
    for name, content in files.items():
        raw = name if isinstance(name, bytes) else name.encode()
        target = os.path.join(os.fsencode(root), raw)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "wb") as handle:
            handle.write(content if isinstance(content, bytes) else content.encode())


def config_with(tmp_path: Path, rules: str = "") -> Path:
    """A config folder; ``rules`` is one audits/*.yaml (empty: no rules of its own)."""
    config = tmp_path / "config"
    (config / "audits").mkdir(parents=True, exist_ok=True)
    if rules:
        (config / "audits" / "rules.yaml").write_text(rules)
    return config


def release_stopped_at_build(tmp_path: Path) -> tuple[Any, tuple[str | Path, ...], dict[str, str]]:
    """A real ``release`` of the example stopped at its build, as a real one stops when no Docker engine
    answers: the example, the release's arguments, and the environment that names no engine."""
    ex = build_example(tmp_path / "ex")
    assert run_cli("keygen", tmp_path / "key").code == 0
    argv = (
        "release", "v0.29.0", "--repo", ex.fork, "--config", ex.config, "--repository", "127.0.0.1:9/aeon/x",
        "--signing-key", tmp_path / "key",
    )  # fmt: skip
    no_docker = {"DOCKER_HOST": f"unix://{tmp_path}/no-engine.sock"}
    first = run_cli(*argv, env=no_docker)
    assert first.code == 2 and "Docker engine does not answer" in first.err, first.err
    return ex, argv, no_docker


@pytest.fixture
def stopped(tmp_path: Path) -> tuple[Path, Path]:
    """A real merge stopped on an audit finding, and its state file."""
    example = build_example(tmp_path / "ex", renumber_enum=True)
    result = run_cli("merge", "v0.29.0", "--repo", example.fork, "--config", example.config, "--no-fetch")
    assert result.code == 1, result.err
    return example.fork, example.fork / ".git" / "aeon-release" / "runs" / "v0.29.0" / "state.json"


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    """A folder outside every repository, with a file that must never change or leak."""
    folder = tmp_path / "outside"
    folder.mkdir()
    (folder / "bashrc").write_text("export SECRET_TOKEN=hunter2-outside\n")
    return folder


def refused_for_a_fifo_in_the_git_dir(ex: Any, name: str, *argv: str | Path) -> None:
    """``argv`` run with a FIFO at ``.git/NAME`` (what was there set aside, and put back after): one line naming
    it, exit 2, and the checkout as it was."""
    from tests.helpers import snapshot

    before = snapshot(ex.fork)
    place = ex.fork / ".git" / name
    kept = place.with_name(place.name + ".kept")
    if place.exists():
        place.rename(kept)
    place.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(place)
    try:
        run = run_limited(*argv, timeout=10)
    finally:
        place.unlink()
        if kept.exists():
            kept.rename(place)
    assert run.code == 2 and "Traceback" not in run.err, run.err
    [line] = run.err.strip().splitlines()
    assert line.startswith(f"error: {place}: a file git reads in this repository is a FIFO"), line
    assert snapshot(ex.fork) == before


class QuietHandler(BaseHTTPRequestHandler):
    """A test server's handler that logs nothing, with one ``_send`` of a status, a body and headers (no body
    to a HEAD)."""

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
        pass

    def _send(self, code: int, body: bytes = b"", headers: dict[str, str] | None = None) -> None:
        self.send_response(code)
        for key, value in (headers or {}).items():
            self.send_header(key, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)


def redirecting_server(target: str) -> ThreadingHTTPServer:
    """A server on 127.0.0.1 that answers every GET with a redirect to ``target`` (shut it down after)."""

    class Handler(QuietHandler):
        def do_GET(self) -> None:  # noqa: N802
            self._send(302, headers={"Location": target})

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
    return httpd


# -- a run stopped by a signal as a given function starts; the programs left naming a mark ----------------------
def stopped_at(where: str, signame: str, *argv: str, when: str = "") -> subprocess.CompletedProcess[str]:
    """``aeon-release ARGV`` sent ``signame`` (to the run alone, as ``kill PID`` or a CI runner sends it) as the
    function ``where`` (``module:name``) starts with ``when`` among its arguments.  Forked from run_limited's
    server (a fresh interpreter spent 0.3-0.5 CPU-seconds importing the CLI a run); no memory limit, 300 s on
    the wall clock; what ``subprocess.run(..., capture_output=True, text=True, timeout=300)`` returns."""
    import tempfile

    from tests.hostile import limited

    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    with tempfile.TemporaryDirectory(prefix="aeon-stopped-") as folder:
        out, err = os.path.join(folder, "out"), os.path.join(folder, "err")
        child = _forkserver().Process(
            target=limited.run,
            args=([str(a) for a in argv], os.getcwd(), env, 0, out, err),
            kwargs={"stop": (where, signame, when)},
        )
        child.start()
        child.join(300)
        if child.exitcode is None:
            child.kill()
            child.join()
            raise subprocess.TimeoutExpired(["aeon-release", *argv], 300)
        return subprocess.CompletedProcess(["aeon-release", *argv], child.exitcode, _text(out), _text(err))


def programs_naming(text: str) -> list[str]:
    """The command lines of the processes on the machine that name ``text``."""
    found = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as handle:
                line = handle.read().replace(b"\0", b" ").decode("utf-8", "replace")
        except OSError:
            continue
        if text in line:
            found.append(line)
    return found


HELPER_SECONDS = """
import sys
import aeon_release.adapters.docker as engine
engine.HELPER_SECONDS = 1.0  # the 120 s of a real run, shortened for the test
sys.argv = ["aeon-release", *sys.argv[1:]]
import aeon_release.__main__ as entry
entry.run()
"""


def with_a_helper(tmp_path: Path, body: str) -> tuple[subprocess.CompletedProcess[str], str]:
    """``releases`` with a Docker config whose credsStore is a helper of ``body`` (a shell script, MARK in it)."""
    mark = f"aeon-helper-{os.getpid()}-{tmp_path.name}"
    tools, docker_config = tmp_path / "tools", tmp_path / "docker"
    tools.mkdir()
    docker_config.mkdir()
    helper = tools / "docker-credential-keyring"
    helper.write_text("#!/bin/sh\n" + body.replace("MARK", mark))
    helper.chmod(0o755)
    (docker_config / "config.json").write_text('{"credsStore": "keyring"}')
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "PATH": f"{tools}:{os.environ['PATH']}",
        "DOCKER_CONFIG": str(docker_config),
    }
    config = tmp_path / "config"
    config.mkdir()
    argv = ["releases", "--repository", "127.0.0.1:9/aeon/x", "--config", str(config)]
    done = subprocess.run(
        [sys.executable, "-c", HELPER_SECONDS, *argv], capture_output=True, text=True, timeout=60, env=env
    )
    return done, mark
