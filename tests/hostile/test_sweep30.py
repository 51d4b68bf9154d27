"""Hostile-input sweep 30: an ``includeIf`` whose condition git does not hold (the pre-flight refused its FIFO,
which git never opens) and one whose condition holds (``gitdir:``, ``gitdir/i:``, ``onbranch:``,
``hasconfig:remote.*.url:``), in the repository's config, the global one and the environment, each checked
against git 2.39 itself.  Real git, real FIFOs, the real CLI."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from aeon_release.adapters.gitconditions import include_holds
from aeon_release.adapters.registry import Registry, Repository
from aeon_release.errors import ServiceError, redact
from tests.helpers import build_example, run_cli, snapshot, without_beats
from tests.hostile.conftest import git, redirecting_server, run_limited
from tests.hostile.test_secrets import DIGEST, Host

pytestmark = pytest.mark.slow


# -- includeIf: followed where git follows it, and only there -----------------------------------------------------
def _fifo(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(path)
    return path


def _audit(ex: object, *more: str) -> tuple[str | Path, ...]:
    return ("audit", "--repo", ex.fork, "--config", ex.config, *more)  # type: ignore[attr-defined]


def _include_if(condition: str, target: Path) -> str:
    return f'[includeIf "{condition}"]\n\tpath = {target}\n'


# each: the condition, given the fork's checkout (written as git's config file syntax spells it)
NOT_HELD: dict[str, Callable[[Path], str]] = {
    "gitdir: another folder": lambda fork: "gitdir:/nowhere/",
    "gitdir: the case differs": lambda fork: f"gitdir:{str(fork).upper()}/",
    "gitdir: a folder beside": lambda fork: f"gitdir:{fork}-other/",
    "gitdir/i: another folder": lambda fork: "gitdir/i:**/NOWHERE/",
    "onbranch: another branch": lambda fork: "onbranch:no-such-branch",
    "onbranch: a prefix without its slash": lambda fork: "onbranch:ma",
    "an unknown condition": lambda fork: "unknown:/",
    "gitdir without its colon": lambda fork: "gitdir",
}
HELD: dict[str, Callable[[Path], str]] = {
    "gitdir: the folder": lambda fork: f"gitdir:{fork}/",
    "gitdir: a relative glob": lambda fork: f"gitdir:{fork.name}/.git",
    "gitdir/i: another case": lambda fork: f"gitdir/i:{str(fork).upper()}/",
    "gitdir: a bracket": lambda fork: f"gitdir:{fork.parent}/[a-z]*/",
    "onbranch: the branch": lambda fork: f"onbranch:{git(fork, 'symbolic-ref', '--short', 'HEAD')}",
    "onbranch: a glob": lambda fork: "onbranch:*",
    "hasconfig: no remote matches": lambda fork: "hasconfig:remote.*.url:https://nowhere.invalid/**",
}


def _git_follows(fork: Path, condition: str, tmp: Path) -> bool:
    """Whether git itself includes (or, for hasconfig, opens) the file: a regular file that sets a key."""
    marker = tmp / "marker.conf"
    marker.write_text("[sweep]\n\tseen = yes\n")
    config = fork / ".git" / "config"
    kept = config.read_text()
    config.write_text(kept + _include_if(condition, marker))
    try:
        if condition.startswith("hasconfig:remote.*.url:"):
            return True  # git 2.39 opens it collecting the remotes' URLs (the FIFO test below shows it)
        said = subprocess.run(["git", "-C", str(fork), "config", "--get", "sweep.seen"], capture_output=True, text=True)
        return said.stdout.strip() == "yes"
    finally:
        config.write_text(kept)


@pytest.mark.parametrize("name", list(NOT_HELD))
def test_a_fifo_under_an_include_condition_git_does_not_hold_is_not_refused(tmp_path: Path, name: str) -> None:
    """git opens the file of an ``includeIf`` only when its condition holds; the pre-flight followed every
    one whatever its condition, and refused (exit 2) a FIFO no git of the run would open.  Now the audit runs."""
    ex = build_example(tmp_path / "ex")
    condition = NOT_HELD[name](ex.fork)
    assert not _git_follows(ex.fork, condition, tmp_path)
    branch = git(ex.fork, "symbolic-ref", "--short", "HEAD")
    config = str(ex.fork / ".git" / "config")
    assert not include_holds(f"includeif.{condition}.path", config, (str(ex.fork / ".git"),), (branch,))
    fifo = _fifo(tmp_path / "fifo")
    with (ex.fork / ".git" / "config").open("a") as config:
        config.write(_include_if(condition, fifo))
    before = snapshot(ex.fork)
    run = run_limited(*_audit(ex, "--rev", "HEAD"), timeout=20)
    assert run.code == 0 and "Traceback" not in run.err, run.err
    assert snapshot(ex.fork) == before


@pytest.mark.parametrize("name", list(HELD))
def test_a_fifo_under_an_include_condition_git_holds_is_one_line(tmp_path: Path, name: str) -> None:
    """One whose condition holds held every git of the run for good, and still is one line naming it, exit 2."""
    ex = build_example(tmp_path / "ex")
    condition = HELD[name](ex.fork)
    assert _git_follows(ex.fork, condition, tmp_path)
    fifo = _fifo(tmp_path / "fifo")
    config = ex.fork / ".git" / "config"
    kept = config.read_text()
    config.write_text(kept + _include_if(condition, fifo))
    run = run_limited(*_audit(ex, "--rev", "HEAD"), timeout=10)
    assert run.code == 2 and "Traceback" not in run.err, run.err
    [line] = run.err.strip().splitlines()
    assert line.startswith(f"error: {fifo}: the file includeIf.{condition}.path names in {config} is a FIFO"), line
    config.write_text(kept)


def test_a_global_include_under_a_condition_is_read_for_the_repository(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The global config's ``includeIf "gitdir:..."`` holds for the repositories it names: a git of no
    repository (``git version``) does not open its file, the fork's gits do.  Refused for the fork it names,
    not for another."""
    ex = build_example(tmp_path / "ex")
    fifo = _fifo(tmp_path / "fifo")
    glob = tmp_path / "global"
    monkeypatch.setenv("GIT_CONFIG_GLOBAL", str(glob))
    glob.write_text(_include_if(f"gitdir:{ex.fork}-other/", fifo))
    assert run_limited(*_audit(ex, "--rev", "HEAD"), timeout=20).code == 0
    glob.write_text(_include_if(f"gitdir:{ex.fork}/", fifo))
    run = run_limited(*_audit(ex, "--rev", "HEAD"), timeout=10)
    assert run.code == 2 and f"{fifo}: the file includeIf.gitdir:{ex.fork}/.path names in {glob}" in run.err


def test_an_environment_include_under_a_relative_gitdir_is_not_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """git reads ``gitdir:./`` only in a file (from the environment it is "relative config include conditionals
    must come from files", false): its FIFO is never opened."""
    ex = build_example(tmp_path / "ex")
    fifo = _fifo(tmp_path / "fifo")
    monkeypatch.setenv("GIT_CONFIG_COUNT", "1")
    monkeypatch.setenv("GIT_CONFIG_KEY_0", "includeIf.gitdir:./.path")
    monkeypatch.setenv("GIT_CONFIG_VALUE_0", str(fifo))
    run = run_limited(*_audit(ex, "--rev", "HEAD"), timeout=20)
    assert run.code == 0, run.err


def test_the_conditions_are_read_as_git_reads_them(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each condition's answer is git's own (a regular file that sets a key, then ``git config --get``): globs,
    brackets, classes, escapes, ``**``, case, ``~/``, ``./``, a branch with a slash, and patterns git aborts on."""
    home = tmp_path / "Home"
    repo = home / "r[1]"
    repo.mkdir(parents=True)
    monkeypatch.setenv("HOME", str(home))
    subprocess.run(["git", "init", "-q", "-b", "feat/x-1", str(repo)], check=True)
    top = str(home)
    conditions = [
        *("gitdir:/", "gitdir:/nowhere/", "gitdir:Home/", "gitdir:home/", "gitdir/i:home/", "gitdir:~/"),
        *("gitdir:~/r[1]/", "gitdir:~/r\\\\[1]/", "gitdir:~/r?1?/", "gitdir:~/r[[:digit:]]*/", "gitdir:**/r*/.git"),
        *(
            "gitdir:.git",
            "gitdir:*/.git",
            "gitdir:./",
            "gitdir:./*",
            "gitdir:**",
            "gitdir:**/",
            "gitdir:[",
            "gitdir:\\\\",
        ),
        *(f"gitdir:{top}/**", f"gitdir:{top}/**/.git", f"gitdir:{top}/*/.git", f"gitdir:{top}/r[!a]1]/.git"),
        *(f"gitdir:{top}/r[^/]1]/.git", f"gitdir:{top}/r[0-2]]/.git", f"gitdir:{top}/r[[:upper:]1]]/.git"),
        *(f"gitdir/i:{top.upper()}/R[[:upper:]1]]/.GIT", f"gitdir:{top[:-2]}**/r*/.git", "gitdir:[[:nope:]]"),
        *("onbranch:feat/x-1", "onbranch:feat/", "onbranch:feat", "onbranch:feat/*", "onbranch:**", "onbranch:*"),
        *("onbranch:feat/x-[0-9]", "onbranch:FEAT/", "hasconfig:foo.bar:x", "unknown:x", "gitdir", "onbranch"),
    ]
    config = repo / ".git" / "config"
    for condition in conditions:
        assert _git_follows(repo, condition, tmp_path) is include_holds(
            f"includeif.{condition.replace(chr(92) * 2, chr(92))}.path",
            str(config),
            (str(repo / ".git"),),
            ("feat/x-1",),
        ), condition


def test_git_opens_a_hasconfig_include_whatever_the_remotes(tmp_path: Path) -> None:
    """Why ``hasconfig:remote.*.url:`` is followed whatever it says: git 2.39 opens the file while it collects the
    remotes' URLs to match, so a FIFO there holds a git of a repository with no remote at all."""
    repo = tmp_path / "r"
    subprocess.run(["git", "init", "-q", str(repo)], check=True)
    fifo = _fifo(tmp_path / "fifo")
    with (repo / ".git" / "config").open("a") as config:
        config.write(_include_if("hasconfig:remote.*.url:https://nowhere.invalid/**", fifo))
    with pytest.raises(subprocess.TimeoutExpired):
        subprocess.run(["git", "-C", str(repo), "status"], capture_output=True, timeout=2)
    assert include_holds("includeif.hasconfig:remote.*.url:https://nowhere.invalid/**.path", "", ())


# -- an address a server names with credentials in it --------------------------------------------------------------
REDIRECTS = {
    "user and password": "http://someone:Red1rect-pw@evil.invalid/metrics",
    "a token alone": "http://Red1rect-pw@evil.invalid/metrics",
    "a numeric password": "http://someone:Red1rect-pw@127.0.0.1:9/metrics",
    "no scheme": "//someone:Red1rect-pw@evil.invalid/metrics",
}


def _lookups(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    looked: list[str] = []
    real = socket.getaddrinfo

    def spy(host: Any, *args: Any, **kwargs: Any) -> Any:
        looked.append(str(host))
        return real(host, *args, **kwargs)

    monkeypatch.setattr(socket, "getaddrinfo", spy)
    return looked


@pytest.mark.parametrize("name", list(REDIRECTS))
def test_a_redirect_of_the_metrics_endpoint_to_an_address_with_credentials_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    """urllib followed ``http://user:pass@host/``: it took ``pass@host`` for a port, and the line printed the
    password ("nonnumeric port: 'pass@host'"); ``token@host`` it took for a host name and looked it up (the token
    went to the resolver).  Refused before any lookup: one line, exit 2, no credential in any output."""
    (tmp_path / "fleet.yaml").write_text((Path(__file__).resolve().parents[2] / "fleet.yaml").read_text())
    httpd = redirecting_server(REDIRECTS[name])
    looked = _lookups(monkeypatch)
    try:
        url = f"http://127.0.0.1:{httpd.server_address[1]}/metrics"
        run = run_cli("canary", "--metrics-url", url, "--window", "0.1", "--config", tmp_path, "--min-mal", "1.1")
    finally:
        httpd.shutdown()
        httpd.server_close()
    assert run.code == 2 and run.out == "", (run.code, run.err)
    [line] = run.err.strip().splitlines()
    assert "redirected to an address with credentials in it" in line and "Red1rect-pw" not in line, line
    assert looked == ["127.0.0.1"]


@pytest.mark.parametrize(
    "location",
    ["http://someone:Red1rect-pw@{other}/v2/x", "http://Red1rect-pw@{other}/v2/x", "http://Red1rect-pw@{other}9/x"],
    ids=["user and password", "a token alone", "a port out of range"],
)
def test_a_registry_redirect_to_an_address_with_credentials_is_refused(
    monkeypatch: pytest.MonkeyPatch, location: str
) -> None:
    """The registry client followed it: requests sent the address's own credentials to the host it names (looked
    up first), and an address that did not parse was quoted whole, password and all.  Refused before any
    connection or lookup, the line naming neither credential."""
    target = Host("127.0.0.2", lambda h: (200, {"Docker-Content-Digest": DIGEST}, b"{}"))
    registry = Host("127.0.0.1", lambda h: (307, {"Location": location.format(other=target.host)}, b""))
    looked = _lookups(monkeypatch)
    try:
        with pytest.raises(ServiceError) as raised:
            Registry(Repository(registry.host, "team/app"), None, timeout=5, deadline=10).digest("latest")
    finally:
        for host in (target, registry):
            host.httpd.shutdown()
            host.httpd.server_close()
    said = redact(str(raised.value))
    assert "credentials in it" in said and "Red1rect-pw" not in said, said
    assert target.seen == [] and looked == ["127.0.0.1"]


# -- the ledger and the profile's files: an integer Python reads and cannot print ---------------------------------
HUGE = {
    "hexadecimal": "0x" + "f" * 5000,
    "binary": "0b" + "1" * 20000,
    "negative, with underscores": "-0x" + "ff_" * 2500,
}


def _replace(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, (path, old)
    path.write_text(text.replace(old, new, 1))


@pytest.mark.parametrize("spelling", list(HUGE))
def test_an_integer_of_thousands_of_digits_in_the_ledger_is_one_line(tmp_path: Path, spelling: str) -> None:
    """Python reads no decimal integer past 4,300 digits (that was one line already), but reads a hexadecimal
    or binary one of as many, and every later ``str()`` of it raised: ``upstream_pr: 0xfff...`` passed
    ``ledger check`` and made the merge plan's PR index a traceback (exit 3).  Refused as the file is read."""
    ex = build_example(tmp_path / "ex")
    _replace(ex.config / "carries.yaml", "upstream_pr: 46932", f"upstream_pr: {HUGE[spelling]}")
    before = snapshot(ex.fork)
    for argv in (("ledger", "check"), ("merge", "v0.29.0", "--no-fetch", "--dry-run", "--repo", ex.fork)):
        run = run_cli(*argv, "--config", ex.config)
        assert run.code == 2 and "Traceback" not in run.err, (argv, run.err[-400:])
        [line] = without_beats(run.err)
        assert line.startswith("error: carries.yaml: malformed YAML: ") and "4300 decimal digits" in line, line
    assert snapshot(ex.fork) == before


def test_an_integer_of_thousands_of_digits_in_the_canary_bands_is_one_line(tmp_path: Path) -> None:
    """canary.yaml's band of ``max: 0xfff...``: the line saying it is too large for a float quoted the number,
    and quoting it raised (exit 3, a traceback)."""
    (tmp_path / "fleet.yaml").write_text((Path(__file__).resolve().parents[2] / "fleet.yaml").read_text())
    (tmp_path / "canary.yaml").write_text((Path(__file__).resolve().parents[2] / "canary.yaml").read_text())
    _replace(tmp_path / "canary.yaml", "max: 4.08", f"max: {HUGE['hexadecimal']}")
    run = run_cli("canary", "--metrics-url", "http://127.0.0.1:9/metrics", "--window", "0.1", "--config", tmp_path)
    assert run.code == 2 and "Traceback" not in run.err, run.err[-400:]
    [line] = run.err.strip().splitlines()
    assert line.startswith("error: ") and "canary.yaml" in line and "4300 decimal digits" in line, line


# -- an integer literal of the tree's Python that no message can print --------------------------------------------
@pytest.mark.parametrize("rev", [False, True], ids=["checkout", "--rev"])
def test_an_integer_literal_python_cannot_print_is_a_finding(tmp_path: Path, rev: bool) -> None:
    """``KV_QUANT_MODE == 0xfff...`` (5,000 hexadecimal digits) compiles, and the enum-literal rule's message
    formatting it raised (a traceback, exit 3: the pull request's gate crashed); ``ast.unparse``, every f-string and
    report of such a value does the same.  The file is one finding of the tree rules (and no rule that parses it
    reads it), exit 1."""
    ex = build_example(tmp_path / "ex")
    big = "0x" + "f" * 5000
    _replace(ex.fork / "vllm/v1/attention/backends/triton_attn.py", "KV_QUANT_MODE == 4", f"KV_QUANT_MODE == {big}e")
    _replace(ex.fork / "vllm/v1/kv_cache_interface.py", "NVFP4 = 4", f"NVFP4 = {big}")
    git(ex.fork, "commit", "-qam", "a literal of 5,000 digits")
    run = run_limited(*_audit(ex, *(("--rev", "HEAD") if rev else ()), "--format", "json"), timeout=30)
    assert run.code == 1 and "Traceback" not in run.err, run.err[-600:]
    found = json.loads(run.out)["findings"]
    assert {(f["path"], f["line"]) for f in found if "decimal digits" in f["message"]} >= {
        ("vllm/v1/attention/backends/triton_attn.py", 6),
        ("vllm/v1/kv_cache_interface.py", 9),
    }, found


# -- a path of 100,000 characters, whole in the error line ------------------------------------------------------
LONG = "x" * 100_000  # the most one argument or variable holds is 128 KiB


@pytest.mark.parametrize(
    ("env", "argv"),
    [
        ({"AEON_SIGNING_KEY": LONG}, ("verify", "127.0.0.1:9/team/app:latest")),
        ({}, ("notes", "v1", "--record", LONG)),
        ({}, ("audit", "--output", LONG)),
    ],
    ids=["AEON_SIGNING_KEY", "notes --record", "audit --output"],
)
def test_a_path_of_100000_characters_is_one_short_line(
    tmp_path: Path, env: dict[str, str], argv: tuple[str, ...]
) -> None:
    """A path of 100,000 characters from the environment or the command line was repeated whole: an error line of
    100,091 characters.  The line keeps its start and its end (what went wrong, the hint)."""
    if argv[0] == "audit":
        ex = build_example(tmp_path / "ex")
        argv = (*argv, "--repo", str(ex.fork), "--config", str(ex.config))
    run = run_limited(*argv, env=env, cwd=tmp_path, timeout=20)
    assert run.code == 2 and "Traceback" not in run.err, run.err[-300:]
    [line] = without_beats(run.err)
    assert len(line) < 1200 and "characters]..." in line, (len(line), line[:200])
    assert line.startswith("error: ") and "(hint: " in line, line[-300:]


# -- Ctrl-C while the command line is being imported ---------------------------------------------------------------
_EARLY_INTERRUPT = """
import builtins, os, signal, sys
import aeon_release.__main__ as entry
real = builtins.__import__
def imported(name, *args, **kwargs):
    if name == "aeon_release.cli":  # the signal lands while the command line is imported, as a Ctrl-C at 0.3 s did
        os.kill(os.getpid(), signal.SIGINT)
    return real(name, *args, **kwargs)
builtins.__import__ = imported
sys.argv = ["aeon-release", *sys.argv[1:]]
entry.run()
"""


def test_ctrl_c_while_the_command_line_is_imported_is_one_line(tmp_path: Path) -> None:
    """SIGINT in the first 0.3-0.5 s of a run (the imports of the command line, before the error handler is set)
    was a KeyboardInterrupt traceback.  One line, exit 130, the checkout as it was."""
    ex = build_example(tmp_path / "ex")
    before = snapshot(ex.fork)
    argv = ["merge", "v0.29.0", "--no-fetch", "--repo", str(ex.fork), "--config", str(ex.config)]
    done = subprocess.run(
        [sys.executable, "-c", _EARLY_INTERRUPT, *argv],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])},
    )
    assert done.returncode == 130 and "Traceback" not in done.stderr, done.stderr[-600:]
    [line] = done.stderr.strip().splitlines()
    assert line == "interrupted before the command started: nothing was changed", line
    assert snapshot(ex.fork) == before
    assert run_cli(*argv).code == 0  # and the run that follows works
