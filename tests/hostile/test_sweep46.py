"""Hostile-input sweep 46.  A registry answering 429 Too Many Requests (said as "failed ...: HTTP 429", hint "retry",
with no word of when); ``--password-stdin`` given several lines (the first taken, the rest dropped; then a JSON key refused).  The real CLI."""

from __future__ import annotations

import email.utils
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.helpers import LoopbackServer, build_example
from tests.hostile.conftest import ROOT, QuietHandler, config_with, run_limited
from tests.hostile.test_config_files import one_error_line
from tests.hostile.test_sweep42 import FAKE_DOCKER, Engine, engine  # noqa: F401 (the fixture)

TIMEOUT = 20.0


# -- a registry limiting requests --------------------------------------------------------------------------------------
class _Limiting(LoopbackServer):
    """A registry whose first ``limited`` answers are 429 with ``retry`` as their Retry-After (None: no header), then
    no tag and an empty tag list; ``times`` holds when each request came."""

    def __init__(self, retry: str | None, limited: int = 1) -> None:
        times: list[float] = []

        class Handler(QuietHandler):
            def do_GET(self) -> None:  # noqa: N802
                times.append(time.monotonic())
                if len(times) <= limited:
                    body = b'{"errors": [{"code": "TOOMANYREQUESTS", "message": "slow down"}]}'
                    # "date": an HTTP date 3 s ahead of the answer (2-3 s, the date in whole seconds)
                    value = email.utils.formatdate(time.time() + 3, usegmt=True) if retry == "date" else retry
                    value = time.asctime(time.gmtime(time.time() + 3)) if retry == "asctime" else value
                    self._send(429, body, {"Retry-After": value} if value is not None else {})
                elif "/manifests/" in self.path:
                    self._send(404, b'{"errors": [{"code": "MANIFEST_UNKNOWN", "message": "no such tag"}]}')
                else:
                    self._send(200, b'{"name": "team/app", "tags": []}', {"Content-Type": "application/json"})

        super().__init__(Handler)
        self.times = times


def _releases(tmp_path: Path, registry: _Limiting) -> object:
    argv = ("releases", "--repository", f"127.0.0.1:{registry.port}/team/app", "--config", config_with(tmp_path))
    return run_limited(*argv, "--json", cwd=tmp_path, timeout=TIMEOUT)


@pytest.mark.parametrize("retry", ["1", "date", "asctime"], ids=["seconds", "http-date", "asctime-date"])
def test_a_short_retry_after_is_waited_out_and_the_request_sent_again(tmp_path: Path, retry: str) -> None:
    """A 429 whose Retry-After asks a second (or names a date seconds ahead, in RFC 9110's asctime form too:
    `Sun Nov  6 08:49:37 2030`, no zone named, GMT) was "failed listing the tags: HTTP 429", exit 2.  The wait is
    honoured and said on stderr (a silent pause of seconds read as a hang), the request sent once more, and the run
    goes on (exit 0)."""
    with _Limiting(retry) as registry:
        run = _releases(tmp_path, registry)
        times = registry.times
    assert run.code == 0 and "Traceback" not in run.err, run.err  # type: ignore[attr-defined]
    json.loads(run.out)  # type: ignore[attr-defined]
    assert len(times) >= 2 and times[1] - times[0] >= 0.9, times
    assert f"registry 127.0.0.1:{registry.port} asks to wait" in run.err and "; waiting" in run.err, run.err  # type: ignore[attr-defined]


def test_the_wait_budget_is_one_a_run_not_one_a_registry_client(monkeypatch: pytest.MonkeyPatch) -> None:
    """The 30 s of waits were a budget each registry client, and a publish makes three or four: four clients each
    answered a 429 asking 10 s waited 40 s.  One budget a process: the fourth is told at once.  (time.sleep is
    faked: the waits asked are what is counted.)"""
    from aeon_release.adapters import registry as registry_mod
    from aeon_release.errors import ServiceError

    monkeypatch.setattr(registry_mod, "_RUN_WAITS", registry_mod._WaitBudget(registry_mod.RETRY_BUDGET))
    slept: list[float] = []
    monkeypatch.setattr(registry_mod.time, "sleep", slept.append)
    with _Alternating() as server:
        repository = registry_mod.parse_repository(f"127.0.0.1:{server.port}/team/app")
        for _ in range(3):
            assert registry_mod.Registry(repository).tags() == []
        with pytest.raises(ServiceError, match="is limiting requests"):
            registry_mod.Registry(repository).tags()
    assert slept == [10.0, 10.0, 10.0], slept


class _Alternating(LoopbackServer):
    """Every other request (the first of each client) is a 429 asking 10 s; the others an empty tag list."""

    def __init__(self) -> None:
        count = [0]

        class Handler(QuietHandler):
            def do_GET(self) -> None:  # noqa: N802
                count[0] += 1
                if count[0] % 2:
                    self._send(429, b"{}", {"Retry-After": "10"})
                else:
                    self._send(200, b'{"name": "team/app", "tags": []}', {"Content-Type": "application/json"})

        super().__init__(Handler)


@pytest.mark.parametrize(
    ("retry", "says"),
    [
        ("3600", "it asks to retry in 60 min"),
        ("86400", "it asks to retry in 24 h"),
        ("99999999999999999999999", "it asks to retry in more than a week"),
        (None, "it names no time to retry"),
        ("soon", "it names no time to retry"),
        ("-5", "it names no time to retry"),
    ],
    ids=["an-hour", "a-day", "huge", "absent", "garbage", "negative"],
)
def test_a_long_or_unknown_retry_after_is_said_at_once(tmp_path: Path, retry: str | None, says: str) -> None:
    """A 429 asking an hour (a pull limit), none, or a value that is no time: one line saying the registry is limiting
    requests and when to retry, at once, one request (no wait of an hour, no retry loop); stdout empty."""
    with _Limiting(retry, limited=5) as registry:
        run = _releases(tmp_path, registry)
        asked = len(registry.times)
    line = one_error_line(run)  # type: ignore[arg-type]
    assert "is limiting requests (HTTP 429 Too Many Requests)" in line and says in line, line
    assert asked == 1 and run.out == "" and run.seconds < TIMEOUT, (asked, run.out)  # type: ignore[attr-defined]


def test_a_registry_still_limiting_after_the_wait_is_said_once(tmp_path: Path) -> None:
    """A 429 again after the wait it asked: one line saying it waited, two requests, not a loop."""
    with _Limiting("1", limited=5) as registry:
        run = _releases(tmp_path, registry)
        asked = len(registry.times)
    line = one_error_line(run)  # type: ignore[arg-type]
    assert "it asks to retry in 1s; waited 1s as it asked and sent it again" in line and asked == 2, (line, asked)


def test_a_registry_that_is_not_limiting_is_read_once(tmp_path: Path) -> None:
    """The twin: no 429, no wait, exit 0."""
    with _Limiting("1", limited=0) as registry:
        run = _releases(tmp_path, registry)
        asked = len(registry.times)
    # the tag list and :latest, each asked once: what it did, not how long it took (a whole run in under 0.9 s of
    # wall time, the forkserver's start included when it is the worker's first run, failed on a loaded machine)
    assert run.code == 0 and asked == 2 and "wait" not in run.err, (asked, run.err)  # type: ignore[attr-defined]


# -- --password-stdin given several lines -------------------------------------------------------------------------------
def _with_stdin(tmp_path: Path, data: bytes) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "aeon_release", "releases", "--repository", "127.0.0.1:9/a/b", "--config", tmp_path,
         "--username", "u", "--password-stdin"],
        input=data, capture_output=True, timeout=60, env={**os.environ, "PYTHONPATH": str(ROOT)},
    )  # fmt: skip


@pytest.mark.parametrize(
    "data",
    [b"my-user\nS3cretTok3n\n", b"S3cretTok3n\nS3cretTok3n-old\n", b"first\r\nS3cretTok3n"],
    ids=["user-then-token", "two-tokens", "crlf"],
)
def test_a_user_name_then_a_token_on_stdin_is_refused(tmp_path: Path, data: bytes) -> None:
    """``printf '%s\\n%s' "$USER" "$TOKEN" | ... --password-stdin`` took the user name as the password and dropped the
    rest: the registry then said the credentials were rejected, or worse took the wrong ones.  Two one-word lines
    are that mix-up: one line, exit 2, no line of the input in it, before any request."""
    done = _with_stdin(tmp_path, data)
    err = done.stderr.decode()
    assert done.returncode == 2 and err.count("\n") == 1 and "Traceback" not in err, err
    assert "--password-stdin read two one-word lines" in err and "S3cret" not in err and "my-user" not in err, err


def test_an_endless_stdin_is_refused_as_too_long(tmp_path: Path) -> None:
    """`yes |` sent "y" (the first line); now the whole input is the password, and past 4096 characters it is one
    line, exit 2, before any request."""
    done = _with_stdin(tmp_path, b"y\n" * 100_000)
    err = done.stderr.decode()
    assert done.returncode == 2 and err.count("\n") == 1 and "at most 4096 characters" in err, err


_JSON_KEY = b'{\n  "type": "service_account",\n  "private_key_id": "S3cretKeyId",\n  "private_key": "S3cret"\n}\n'


@pytest.mark.parametrize(
    "data",
    [b"S3cretTok3n\n", b"S3cretTok3n\r\n", b"S3cretTok3n", b"S3cretTok3n\n\n", _JSON_KEY, b"S3cret one\nS3cret two\n"],
    ids=["lf", "crlf", "bare", "blank-after", "json-key", "words"],
)
def test_a_password_on_stdin_docker_takes_is_read(tmp_path: Path, data: bytes) -> None:
    """The twin: the whole input, bar one line break ending it, is the password, as `docker login --password-stdin`
    takes it: ``cat key.json | ... -u _json_key --password-stdin`` (a JSON key over several lines) was refused as
    "more than one line".  The run goes on to the registry (here none answers)."""
    done = _with_stdin(tmp_path, data)
    err = done.stderr.decode()
    assert done.returncode == 2 and "is unreachable" in err and "one-word lines" not in err, err
    assert "S3cret" not in err, err


# -- a tag name git refuses, for a rule its characters do not break --------------------------------------------------------
@pytest.mark.parametrize(
    ("tag", "says"),
    [
        ("v0..29", "it holds '..' or '//', or ends in '/' or '.'"),
        ("v0.29.0.lock", "a part of it starts with '.' or ends in '.lock'"),
        ("v0.29.", "it holds '..' or '//', or ends in '/' or '.'"),
        ("v0.29.\uff10", "it holds '\\uff10': only ASCII letters, digits and . _ / + - are taken"),
        ("v\u043e.29.0", "it holds '\\u043e': only ASCII letters, digits and . _ / + - are taken"),
        ("v0.29.0@{1}", "it holds '@': only ASCII"),
        ("_v0.29.0", "it does not start with an ASCII letter or digit"),
        ("v" * 201, "it is longer than 200 characters"),
    ],
    ids=["dot-dot", "dot-lock", "trailing-dot", "fullwidth-digit", "cyrillic-o", "reflog", "underscore", "long"],
)
@pytest.mark.parametrize("command", ["merge", "notes"])
def test_a_tag_name_git_refuses_is_told_which_rule_it_breaks(tmp_path: Path, tag: str, says: str, command: str) -> None:
    """`merge v0..29`, `notes v0.29.0.lock`: "is not a valid name (hint: use letters, digits and . _ / + - only)",
    which the name did; a Cyrillic o (U+043E) or a fullwidth 0 (U+FF10) (a copy from a chat) was told the same, not which
    character.  The line names the rule, and the character that is not taken."""
    ex = build_example(tmp_path / "ex")
    extra = ("--no-fetch", "--dry-run") if command == "merge" else ()
    line = one_error_line(run_limited(command, tag, "--repo", ex.fork, "--config", ex.config, *extra, cwd=tmp_path))
    assert f"is not a valid name: {says}" in line and "letters, digits and . _ / + - only" not in line, line


@pytest.mark.parametrize("tag", ["a@b", "_x", "r\u00e9sum\u00e9"])
def test_a_name_git_takes_but_this_tool_does_not_is_told_what_this_tool_takes(tag: str) -> None:
    """The hint said "a name git takes for a tag or branch", and git takes `a@b`, `_x` and `résumé`: it says what this
    tool takes (narrower than git), so that the user is not sent to git's rules, which the name keeps."""
    from aeon_release.adapters.git import validate_ref_name
    from aeon_release.errors import UsageError

    assert subprocess.run(["git", "check-ref-format", f"refs/tags/{tag}"], check=False).returncode == 0
    with pytest.raises(UsageError) as refused:
        validate_ref_name(tag, "tag")
    hint = refused.value.hint or ""
    assert "git takes" not in hint and "ASCII letters, digits and . _ / + -" in hint, hint
    assert "starting with a letter or digit" in hint and "200 characters" in hint, hint


# -- an OCI layout whose index lists itself ----------------------------------------------------------------------------
def _digest(n: int) -> str:
    return "sha256:" + f"{n:x}" * 64


def _index(digest: str) -> dict[str, object]:
    media = "application/vnd.oci.image.index.v1+json"
    return {"schemaVersion": 2, "manifests": [{"mediaType": media, "digest": digest, "size": 1}]}


def _oci(folder: Path, blobs: dict[str, object], top: str) -> str:
    """An OCI layout whose index.json names ``top``, with ``blobs`` (digest: JSON) in it."""
    (folder / "blobs" / "sha256").mkdir(parents=True)
    (folder / "oci-layout").write_text('{"imageLayoutVersion": "1.0.0"}')
    (folder / "index.json").write_text(json.dumps(_index(top)))
    for digest, document in blobs.items():
        (folder / "blobs" / "sha256" / digest[7:]).write_text(json.dumps(document))
    return f"oci:{folder}"


@pytest.mark.parametrize(
    ("blobs", "says"),
    [
        ({_digest(1): _index(_digest(1))}, "lists itself, directly or through another index"),
        ({_digest(1): _index(_digest(2)), _digest(2): _index(_digest(1))}, "lists itself, directly or through"),
        ({_digest(n): _index(_digest(n + 1)) for n in range(1, 12)}, "nests more than 8 deep"),
    ],
    ids=["itself", "a-pair", "a-chain"],
)
def test_an_oci_index_that_lists_itself_is_said_to(tmp_path: Path, blobs: dict[str, object], says: str) -> None:
    """A layout's blob names are not checked against their bytes: an index listing itself (or a pair listing each
    other) was followed to the recursion limit and said as "not JSON: nested too deeply", of a file of 200 bytes of
    JSON.  One line naming the loop."""
    image = _oci(tmp_path / "oci", blobs, _digest(1))
    line = one_error_line(run_limited("image-report", image, cwd=tmp_path, timeout=TIMEOUT))
    assert says in line and "nested too deeply" not in line, line


def test_an_oci_index_of_an_index_is_read(tmp_path: Path) -> None:
    """The twin: an index listing an index listing an image (buildx's attestation layout) is the image's report."""
    import hashlib
    import io
    import tarfile

    layer = io.BytesIO()
    with tarfile.open(fileobj=layer, mode="w") as archive:
        info = tarfile.TarInfo("hello.txt")
        info.size = 5
        archive.addfile(info, io.BytesIO(b"hello"))
    data = layer.getvalue()
    layer_digest = "sha256:" + hashlib.sha256(data).hexdigest()
    manifest = {"schemaVersion": 2, "config": {"digest": _digest(3)}, "layers": [{"digest": layer_digest}]}
    blobs = {_digest(1): _index(_digest(2)), _digest(2): manifest, _digest(3): {"history": []}}
    image = _oci(tmp_path / "oci", blobs, _digest(1))
    (tmp_path / "oci" / "blobs" / "sha256" / layer_digest[7:]).write_bytes(data)
    run = run_limited("image-report", image, "--json", cwd=tmp_path, timeout=TIMEOUT)
    assert run.code == 0 and "Traceback" not in run.err, run.err
    assert json.loads(run.out), run.out


# -- DOCKER_CONFIG naming the file; HOME naming no folder --------------------------------------------------------------
def test_docker_config_naming_the_file_is_said_to(tmp_path: Path) -> None:
    """``DOCKER_CONFIG=~/.docker/config.json`` (the file for its folder) was ".../config.json/config.json: cannot be
    read: Not a directory": neither the variable nor the mix-up named.  One line naming DOCKER_CONFIG."""
    (tmp_path / "config.json").write_text('{"auths": {}}')
    argv = ("releases", "--repository", "127.0.0.1:9/team/app", "--config", config_with(tmp_path))
    run = run_limited(*argv, cwd=tmp_path, env={"DOCKER_CONFIG": str(tmp_path / "config.json")}, timeout=TIMEOUT)
    line = one_error_line(run)
    assert "DOCKER_CONFIG=" in line and "is a file, not a folder" in line and "config.json/config.json" not in line


@pytest.mark.parametrize("variable", ["HOME", "DOCKER_CONFIG"])
def test_a_home_or_docker_config_of_dev_null_holds_no_docker_config(tmp_path: Path, variable: str) -> None:
    """``HOME=/dev/null`` (a CI step keeping every tool's configuration out) has no ~/.docker, as docker reads it:
    `releases` was "/dev/null/.docker/config.json: cannot be read: Not a directory", exit 2.  It reads the registry
    with no credentials (exit 0); so does DOCKER_CONFIG=/dev/null."""
    env = {"HOME": "/dev/null"} if variable == "HOME" else {"DOCKER_CONFIG": "/dev/null"}
    with _Limiting("1", limited=0) as registry:
        argv = ("releases", "--repository", f"127.0.0.1:{registry.port}/team/app", "--config", config_with(tmp_path))
        if variable == "HOME":
            env["DOCKER_CONFIG"] = ""
        run = run_limited(*argv, cwd=tmp_path, env=env, timeout=TIMEOUT)
    assert run.code == 0 and "Traceback" not in run.err, run.err


def test_a_docker_config_folder_is_read_as_before(tmp_path: Path) -> None:
    """The twin: DOCKER_CONFIG a folder whose config.json is no JSON is still named (the file is read)."""
    (tmp_path / "docker").mkdir()
    (tmp_path / "docker" / "config.json").write_text("{not json")
    argv = ("releases", "--repository", "127.0.0.1:9/team/app", "--config", config_with(tmp_path))
    run = run_limited(*argv, cwd=tmp_path, env={"DOCKER_CONFIG": str(tmp_path / "docker")}, timeout=TIMEOUT)
    assert "docker/config.json: cannot be read as JSON" in one_error_line(run)


# -- AEON_DOCKER_CLI naming no program ----------------------------------------------------------------------------------
@pytest.mark.parametrize("place", ["missing", "folder", "not-executable"])
def test_aeon_docker_cli_naming_no_program_is_said_to(
    engine: tuple[Engine, dict[str, str]],  # noqa: F811
    tmp_path: Path,
    place: str,
) -> None:
    """``AEON_DOCKER_CLI`` (the docker CLI to build with, before any on PATH) naming a path that is no program was
    passed over in silence: the build ran with the first docker on PATH, another CLI than the one asked for.  One
    line naming the variable, exit 2, no build."""
    _, env = engine
    tools = tmp_path / "tools"
    tools.mkdir()
    (tools / "docker").write_text(FAKE_DOCKER)
    (tools / "docker").chmod(0o755)
    named = tmp_path / "my-docker"
    if place == "folder":
        named.mkdir()
    elif place == "not-executable":
        named.write_text(FAKE_DOCKER)
    ex = build_example(tmp_path / "ex")
    argv = ("build", "--repo", ex.fork, "--config", ex.config, "--version", "v0.27.1", "--skip-audit", "a test",
            "--skip-device-check")  # fmt: skip
    env = {**env, "AEON_DOCKER_CLI": str(named), "PATH": f"{tools}{os.pathsep}{os.environ['PATH']}"}
    line = one_error_line(run_limited(*argv, cwd=tmp_path, env=env, timeout=TIMEOUT))
    assert f"AEON_DOCKER_CLI='{named}' is no executable file" in line, line


@pytest.mark.parametrize("name", ["my-docker", "docker"])
def test_aeon_docker_cli_naming_a_command_on_path_is_looked_up(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    """``AEON_DOCKER_CLI=docker`` (a command name, as a shell takes it) was refused as "is no executable file": a value
    without a '/' is looked up on PATH, and the CLI found there is tried first."""
    from aeon_release.adapters import buildkit

    tools = tmp_path / "tools"
    tools.mkdir()
    (tools / name).write_text(FAKE_DOCKER)
    (tools / name).chmod(0o755)
    monkeypatch.setenv("PATH", f"{tools}{os.pathsep}/usr/bin")
    monkeypatch.setenv("AEON_DOCKER_CLI", name)
    assert buildkit._candidates()[0] == str(tools / name)


def test_aeon_docker_cli_naming_no_command_on_path_is_said_to(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The other side: a command name PATH does not hold is one line naming it, with a hint no machine's own path."""
    from aeon_release.adapters import buildkit
    from aeon_release.errors import UsageError

    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setenv("AEON_DOCKER_CLI", "no-such-docker")
    with pytest.raises(UsageError) as refused:
        buildkit._candidates()
    assert "AEON_DOCKER_CLI='no-such-docker' names no program on PATH" in refused.value.message
    assert "command -v docker" in (refused.value.hint or "")


# -- a cherry-pick whose pr is left empty ---------------------------------------------------------------------------------
PICKS = """releases:
  v0.29.0:
    pick:
      - {pr: PICK, reason: DFlash 2 drafter layer}
    skip:
      - {pr: 49718, reason: XQA on SM12x regresses GPQA accuracy}
"""


@pytest.mark.parametrize("command", ["check", "merge"])
@pytest.mark.parametrize("pick", ["null", "", "~"], ids=["null", "empty", "tilde"])
def test_a_cherry_pick_whose_pr_is_left_empty_is_named(tmp_path: Path, pick: str, command: str) -> None:
    """``{pr: , reason: ...}`` (the number not yet filled in) passed `ledger check` (exit 0) and the merge said
    "commit None does not exist in the fork repository (hint: fetch upstream first)".  One line naming the field."""
    ex = build_example(tmp_path / "ex")
    (ex.config / "cherry_picks.yaml").write_text(PICKS.replace("PICK", pick))
    argv = ("ledger", "check") if command == "check" else ("merge", "v0.29.0", "--repo", ex.fork, "--no-fetch")
    line = one_error_line(run_limited(*argv, "--config", ex.config, cwd=tmp_path, timeout=TIMEOUT))
    assert "releases.v0.29.0.pick[0].pr: expected an integer, got nothing" in line and "None" not in line, line


def test_a_cherry_pick_of_a_pr_number_is_checked_as_before(tmp_path: Path) -> None:
    """The twin: a PR number is a valid pick (exit 0)."""
    ex = build_example(tmp_path / "ex")
    (ex.config / "cherry_picks.yaml").write_text(PICKS.replace("PICK", "52816"))
    run = run_limited("ledger", "check", "--config", ex.config, cwd=tmp_path, timeout=TIMEOUT)
    assert run.code == 0 and "Traceback" not in run.err, run.err
