"""The conventions a new user brings from git and gh: run the command, read what it prints."""

from __future__ import annotations

import json
import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest
import typer.main

from aeon_release.cli import app
from tests.helpers import build_example, run_cli

ROOT = Path(__file__).resolve().parents[2]


def aeon(
    *args: str | Path, cwd: Path | None = None, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """The console script as a shell runs it: stdout and stderr are pipes."""
    full = dict(os.environ, PYTHONPATH=str(ROOT), **(env or {}))
    return subprocess.run(
        [sys.executable, "-m", "aeon_release", *map(str, args)],
        cwd=cwd or ROOT,
        env=full,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_version() -> None:
    from importlib.metadata import version

    done = aeon("--version")
    assert (done.returncode, done.stdout) == (0, f"aeon-release {version('aeon-release')}\n")


def test_short_help(capsys: pytest.CaptureFixture[str]) -> None:
    for args in (["-h"], ["merge", "-h"], ["ledger", "check", "-h"]):
        shown = run_cli(*args)
        assert shown.code == 0 and "Usage: aeon-release" in shown.out


def test_shell_completion_is_on(capsys: pytest.CaptureFixture[str]) -> None:
    assert "--install-completion" in run_cli("--help").out
    # typer names the shell from the parent process, as when a person types it: a bash runs it here
    # (under a harness whose parent is no shell, the detection would find none)
    script = subprocess.run(
        ["bash", "-c", '"$0" -m aeon_release --show-completion; exit $?', sys.executable],
        cwd=ROOT,
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert script.returncode == 0 and "_AEON_RELEASE_COMPLETE" in script.stdout, script.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["status", "--bogus"], "error: no such option: --bogus (hint: see `aeon-release status --help`)"),
        (
            ["merge", "--waiv", "x"],
            "error: no such option: --waiv (hint: did you mean --waive? see `aeon-release merge --help`)",
        ),
        (["release"], "error: missing argument 'tag' (hint: see `aeon-release release --help`)"),
        (["nosuch"], "error: no such command 'nosuch' (hint: see `aeon-release --help`)"),
    ],
)
def test_usage_errors_are_one_line_with_a_hint_and_exit_2(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    done = run_cli(*args)
    assert (done.code, done.out, done.err) == (2, "", message + "\n")


def test_primary_output_goes_to_stdout_and_json_is_strict(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    ex = build_example(tmp_path / "ex", renumber_enum=True)
    checked = run_cli("ledger", "check", "--config", ex.config)
    assert checked.out.startswith("ok: 2 active and 0 dropped carries") and checked.err == ""
    assert run_cli("status", "--repo", ex.fork).out == "no aeon-release runs in this repository\n"
    assert run_cli("merge", "v0.29.0", "--repo", ex.fork, "--config", ex.config).code == 1
    status = run_cli("status", "--repo", ex.fork)
    assert status.out.startswith("v0.29.0: audit-failed; steps done: merge, carries, picks")
    rules = json.loads(run_cli("audits", "list", "--config", ex.config, "--json").out)
    assert "kv-quant/literals-match-enum" in [r["id"] for r in rules["rules"]]
    aborted = run_cli("merge", "--abort", "--repo", ex.fork, "--json")
    assert json.loads(aborted.out)["aborted"] == "v0.29.0" and "aborted the v0.29.0 run" in aborted.err


def test_every_reporting_command_has_json() -> None:
    """--json, or a --format that takes json; the rest print no report."""
    no_report = {"demo", "schema", "keygen"}  # keygen writes two key files and names them; nothing to parse
    group = typer.main.get_command(app)
    commands = [(name, cmd) for name, cmd in group.commands.items() if not hasattr(cmd, "commands")]
    commands += [
        (name, cmd) for g in group.commands.values() if hasattr(g, "commands") for name, cmd in g.commands.items()
    ]
    for name, cmd in commands:
        options = {opt for p in cmd.params for opt in p.opts}
        assert name in no_report or "--json" in options or "--format" in options, name


def _in_a_terminal(args: list[str], env: dict[str, str]) -> str:
    """Run with stdout on a pseudo-terminal, as a person at a shell sees it."""
    leader, follower = pty.openpty()
    full = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR")}
    full.update(PYTHONPATH=str(ROOT), TERM="xterm-256color", COLUMNS="200", **env)
    proc = subprocess.Popen(
        [sys.executable, "-m", "aeon_release", *args], stdout=follower, stderr=subprocess.DEVNULL, cwd=ROOT, env=full
    )
    os.close(follower)
    chunks = []
    while True:
        try:
            data = os.read(leader, 4096)
        except OSError:
            break
        if not data:
            break
        chunks.append(data)
    proc.wait(timeout=60)
    os.close(leader)
    return b"".join(chunks).decode()


def test_colour_only_in_a_terminal_and_never_with_no_color() -> None:
    assert "\x1b[" in _in_a_terminal(["ledger", "check"], {})
    assert "\x1b[" not in _in_a_terminal(["ledger", "check"], {"NO_COLOR": "1"})


def test_plain_output_when_stdout_is_not_a_terminal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TERM", "xterm-256color")
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    piped = run_cli("ledger", "check", "--config", ROOT)
    assert piped.out.startswith("ok: ") and "\x1b[" not in piped.out


def test_config_is_found_upwards_or_from_the_environment(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ex = build_example(tmp_path / "ex")
    monkeypatch.delenv("AEON_RELEASE_CONFIG", raising=False)
    monkeypatch.chdir(ex.config / "audits")
    found = run_cli("ledger", "check")
    assert found.out.startswith(f"ok: 2 active and 0 dropped carries, 1 releases in {ex.config}")
    monkeypatch.chdir(tmp_path)
    lost = run_cli("ledger", "check")
    assert lost.code == 2 and "set AEON_RELEASE_CONFIG, or run from inside it" in lost.err
    monkeypatch.setenv("AEON_RELEASE_CONFIG", str(ex.config))
    named = run_cli("ledger", "check")
    assert named.code == 0 and str(ex.config) in named.out
