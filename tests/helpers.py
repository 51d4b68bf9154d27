"""Test helpers: the one CLI runner (in-process, exactly as the console script runs), git, snapshots."""

from __future__ import annotations

import contextlib
import functools
import io
import json
import os
import re
import resource
import shutil
import subprocess
import sys
import threading
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Self

import typer.main

from aeon_release.__main__ import _start_checks_early
from aeon_release.cli import main
from aeon_release.commands import demo_repo
from aeon_release.domain.audits import sidecar

# typer turns the app into a click command tree (signatures, type hints, options) on every call of
# the app: 30-60 ms, once per process for the console script, but ~600 times per worker here.  The
# tree is a pure function of the app, so it is built once per app and reused; click makes a new
# Context for every run, as a fresh process would.
typer.main.get_command = functools.cache(typer.main.get_command)


@dataclass(frozen=True)
class Result:
    code: int
    out: str
    err: str

    @property
    def stdout(self) -> str:
        return self.out

    @property
    def stderr(self) -> str:
        return self.err

    @property
    def returncode(self) -> int:
        return self.code

    def json(self) -> Any:
        return json.loads(self.out)


def run_cli(
    *args: object, env: Mapping[str, str | None] | None = None, cwd: Path | None = None, stdin: str | None = None
) -> Result:
    """``aeon-release ARGS`` in-process through the real entry point and error handler, as the console
    script runs it: the exit code, stdout and stderr.  ``env`` is set (None: unset) and restored
    around the call, and so are ``cwd``, the folder the command runs in, and standard input.

    As the console script (``aeon_release/__main__.py``), `merge TAG` forks its checks' process before the
    command line is parsed, from this process with the CLI imported: a fresh interpreter for it (what
    the command starts where it was not forked, as `release` does) cost 0.25-0.3 CPU-seconds a merge,
    the fork 0.1-0.2.  The run's end stops a checks' process it left unused, as the exit does."""
    out, err = io.StringIO(), io.StringIO()
    with (
        _environment(env or {}),
        _cwd(cwd),
        _stdin(stdin),
        contextlib.redirect_stdout(out),
        contextlib.redirect_stderr(err),
    ):
        try:
            argv = [str(a) for a in args]
            _start_checks_early(argv)
            main(argv)
            code = 0
        except SystemExit as exc:
            code = int(exc.code or 0)
        finally:
            sidecar.close_all()  # what the console script's exit does (its atexit handler)
    return Result(code, out.getvalue(), err.getvalue())


@contextlib.contextmanager
def _cwd(folder: Path | None) -> Iterator[None]:
    before = Path.cwd()
    os.chdir(folder or before)
    try:
        yield
    finally:
        os.chdir(before)


@contextlib.contextmanager
def _stdin(text: str | None) -> Iterator[None]:
    saved = sys.stdin
    sys.stdin = io.StringIO(text) if text is not None else saved
    try:
        yield
    finally:
        sys.stdin = saved


@contextlib.contextmanager
def _environment(env: Mapping[str, str | None]) -> Iterator[None]:
    saved = {key: os.environ.get(key) for key in env}
    for key, value in env.items():
        if value is None:
            os.environ.pop(key, None)
        else:
            os.environ[key] = value
    try:
        yield
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


def error_lines(err: str) -> list[str]:
    """stderr's non-blank lines but the heartbeat's ("...: 2 s so far"): what a loaded machine adds to a slow
    step's stderr by design, beside the one error line a bad input gets."""
    return [line for line in err.splitlines() if line.strip() and not re.search(r": \d+ s so far$", line)]


def cpu_seconds() -> float:
    """CPU seconds this process and its finished children (git, cmake) have used: what a hang guard
    compares.  A busy machine stretches the wall time far more than the CPU a check needs (a 1 s check
    took 7 s beside a full suite and four other jobs on 2 cores), and the CPU is what a quadratic walk
    grows."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True, text=True).stdout.strip()


def snapshot(repo: Path) -> tuple[str, str, str, str]:
    """What the user sees of their checkout: HEAD, branch, status, and every branch ref."""
    return (
        git(repo, "rev-parse", "HEAD"),
        git(repo, "symbolic-ref", "--short", "-q", "HEAD"),
        git(repo, "status", "--porcelain", "--untracked-files=all"),
        git(repo, "for-each-ref", "--format=%(refname) %(objectname)", "refs/heads"),
    )


# -- the demo example, built once per worker and copied --------------------------------------
TEMPLATES: list[Path] = []  # the folder templates live in; tests/conftest.py sets it per session
_templates: dict[tuple[object, ...], Path] = {}


def build_example(root: Path, renumber_enum: bool = False) -> demo_repo.Example:
    """``demo_repo.build(root, renumber_enum)``, copied from a template built once per worker.

    Building runs ~40 git commands (0.2-0.4 s); copying is ~20 ms.  The copy is the same example:
    the same commits (dates and names come from the isolated git environment, part of the key),
    the fork's ``upstream`` remote and reflog pointing at the copy's upstream, and indexes
    refreshed so that plumbing which does not refresh (``git diff-index``) sees a clean tree."""
    if not TEMPLATES:
        return demo_repo.build(root, renumber_enum)
    key = _example_key(renumber_enum)
    template = _templates.get(key)
    if template is None:
        template = TEMPLATES[0] / str(len(_templates))
        demo_repo.build(template, renumber_enum)
        _templates[key] = template
    root.mkdir(parents=True, exist_ok=True)
    if any(root.iterdir()):
        raise AssertionError(f"{root} must not exist or be empty (as demo_repo.build requires)")
    shutil.copytree(template, root, symlinks=True, dirs_exist_ok=True)
    _repoint(root / "fork" / ".git", str(template).encode(), str(root).encode())
    for repo in (root / "upstream", root / "fork"):
        git(repo, "update-index", "-q", "--refresh")
    return demo_repo.Example(root, root / "upstream", root / "fork", root / "config")


# -- an empty repository, made once per worker and copied ------------------------------------------
_empty_repos: dict[tuple[object, ...], Path] = {}


def init_repo(path: Path) -> Path:
    """``git init --quiet PATH``: a copy of an empty repository made by ``git init`` once per worker and git
    environment (the same key as the example's: GIT_* and the global config's text).  A fresh ``.git`` holds no
    path and no id (HEAD naming the default branch, the core settings, the template's files), so the copy is
    the repository git would make; the audit tests make ~2,800 a run, each a git process (~1.5 ms of CPU) where
    the copy is a few small files.  A folder that holds a ``.git`` already, or a run outside pytest's session,
    takes git's own init."""
    path.mkdir(parents=True, exist_ok=True)
    if not TEMPLATES or (path / ".git").exists():
        subprocess.run(["git", "init", "--quiet", str(path)], check=True, capture_output=True)
        return path
    key = _example_key(False)
    empty = _empty_repos.get(key)
    if empty is None:
        empty = TEMPLATES[0] / f"empty-{len(_empty_repos)}"
        subprocess.run(["git", "init", "--quiet", str(empty)], check=True, capture_output=True)
        _empty_repos[key] = empty
    shutil.copytree(empty / ".git", path / ".git", symlinks=True)
    return path


def _example_key(renumber_enum: bool) -> tuple[object, ...]:
    """What the example's commits depend on besides the code: git's environment and global config."""
    env = tuple(sorted((k, v) for k, v in os.environ.items() if k.startswith("GIT_") and k != "GIT_CONFIG_GLOBAL"))
    config = os.environ.get("GIT_CONFIG_GLOBAL") or os.path.join(os.environ.get("HOME", ""), ".gitconfig")
    text = Path(config).read_text() if os.path.isfile(config) else ""
    return (renumber_enum, env, text)


def _repoint(git_dir: Path, old: bytes, new: bytes) -> None:
    """The clone wrote the template's path into the fork's config (its remote) and reflog."""
    for path in [git_dir / "config", *(p for p in (git_dir / "logs").rglob("*") if p.is_file())]:
        data = path.read_bytes()
        if old in data:
            path.write_bytes(data.replace(old, new))


def one_carry_ledger(config: Path, sha: str, path: str) -> Path:
    """A config folder of no rules and one active carry, ``gb10-backend`` (commit ``sha``), whose marker is the
    line ``AEON: the GB10 branch`` in ``path``."""
    (config / "audits").mkdir(parents=True)
    (config / "audits" / "none.yaml").write_text("rules: []\n")
    (config / "fleet.yaml").write_text("branch_prefix: aeon-\nimage:\n  repository: ghcr.io/me/fork\n")
    (config / "carries.yaml").write_text(
        "carries:\n- id: gb10-backend\n  title: GB10 backend\n  status: active\n"
        f"  commits: [{sha}]\n  markers:\n  - {{path: {path}, text: 'AEON: the GB10 branch'}}\n"
    )
    return config


class LoopbackServer:
    """A real HTTP server on 127.0.0.1 (a free port) answering with ``handler`` from a thread of its own, while
    in a ``with`` block: the tests' fake registries, proxies and metrics endpoints."""

    def __init__(self, handler: type[BaseHTTPRequestHandler]) -> None:
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.port: int = self.server.server_address[1]

    def __enter__(self) -> Self:
        threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()


class Beats:
    """The heartbeat's "N s so far" lines, counted as ``console.say`` says them, for a test to wait on instead of
    sleeping past ``first``: under load the heartbeat's thread woke after the test's sleep had ended (no line), or
    the test's next step came after ``first`` (a line for a stage meant to be quick).  ``quick()`` holds
    streams.SPEAKING, under which the heartbeat beats: a stage begun and left inside it is never beaten
    (``_Beat.beaten``), however late the test's next step comes.  Enter the heartbeat inside ``quick()`` through
    an ExitStack that outlives it: the heartbeat's exit joins its thread, which may be waiting for SPEAKING."""

    def __init__(self, monkeypatch: Any) -> None:
        from aeon_release.adapters import console

        self.count = 0
        self._said = threading.Condition()
        real = console.say

        def say(message: str) -> None:
            real(message)
            if message.endswith(" s so far"):
                with self._said:
                    self.count += 1
                    self._said.notify_all()

        monkeypatch.setattr(console, "say", say)

    @contextlib.contextmanager
    def quick(self) -> Iterator[None]:
        from aeon_release.streams import SPEAKING

        with SPEAKING:
            yield

    def wait(self, count: int = 1, seconds: float = 60.0) -> None:
        with self._said:
            said = self._said.wait_for(lambda: self.count >= count, seconds)
        assert said, f"waited {seconds:.0f} s for {count} heartbeat line(s) ('N s so far'); {self.count} came"


def without_beats(err: str) -> list[str]:
    """stderr's lines without the heartbeat's ("merging v0.29.0: planning: 2 s so far"): a stage slower than the
    first beat, which a loaded machine makes of any stage (a CI run read one above a merge's one error line)."""
    return [line for line in err.strip().splitlines() if not re.search(r": \d+ s so far$", line)]
