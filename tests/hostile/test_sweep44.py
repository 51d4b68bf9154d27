"""Hostile-input sweep 44.  A docker config.json whose ``auths`` entry or ``HttpHeaders`` is of another shape, met at
the first request (said as "the Docker engine does not answer", a header's value echoed); a check container's output
read whole into memory; ``audit --repo`` a FIFO said as "no such directory"; ``audit --output`` saying nothing of
what it wrote; a revision spelt like an option handed to git as one.  The real CLI."""

from __future__ import annotations

import json
import os
import struct
from pathlib import Path

import pytest

from aeon_release.adapters.git import Git
from tests.helpers import build_example
from tests.hostile.conftest import config_with, git, make_repo, run_limited
from tests.hostile.test_config_files import one_error_line
from tests.hostile.test_sweep42 import FAKE_DOCKER, LAYER, Engine, _build, _saved, engine  # noqa: F401 (the fixture)

TIMEOUT = 20.0
SECRET = "Bearer s3cret-token-in-a-header"


# -- docker config.json fields the SDK sends with every request ------------------------------------------------------
def _report_with(engine: tuple[Engine, dict[str, str]], tmp_path: Path, config: object) -> str:  # noqa: F811
    answers, env = engine
    answers.saved = _saved(["l.tar"], LAYER)
    folder = tmp_path / "docker"
    folder.mkdir()
    (folder / "config.json").write_text(json.dumps(config))
    run = run_limited("image-report", "myimage:1", cwd=tmp_path, env={**env, "DOCKER_CONFIG": str(folder)})
    return one_error_line(run)


@pytest.mark.parametrize(
    ("config", "said"),
    [
        ({"auths": {"ghcr.io": SECRET}}, "auths['ghcr.io'] is a string, not an object"),
        ({"auths": {"ghcr.io": 5}}, "auths['ghcr.io'] is a number, not an object"),
        ({"HttpHeaders": [SECRET]}, "HttpHeaders is a list, not an object of header names and values"),
        ({"HttpHeaders": SECRET}, "HttpHeaders is a string, not an object"),
        ({"HttpHeaders": {"Authorization": 5}}, "HttpHeaders[1] ('Authorization') is a number, not a string"),
        ({"HttpHeaders": {"Authorization": [SECRET]}}, "HttpHeaders[1] ('Authorization') is a list, not a string"),
        ({"HttpHeaders": {"Authorization": SECRET + "\n"}}, "HttpHeaders[1] ('Authorization') is no HTTP header"),
    ],
    ids=[
        "auth-a-string",
        "auth-a-number",
        "headers-a-list",
        "headers-a-string",
        "header-a-number",
        "header-a-list",
        "header-a-newline",
    ],
)
def test_a_docker_config_field_sent_with_requests_is_named(
    engine: tuple[Engine, dict[str, str]],  # noqa: F811
    tmp_path: Path,
    config: object,
    said: str,
) -> None:
    """`auths: {"ghcr.io": "..."}` and ``HttpHeaders`` of another shape pass the SDK's read of the file and trip its
    first request: "connecting to Docker: the Docker engine does not answer (Invalid configuration for registry ...
    / 'list' object has no attribute 'items' / Header part ... )" with a hint to start dockerd, a header's value (a
    token, as often as not) echoed in the line.  One line naming the file and the field, never its value."""
    line = _report_with(engine, tmp_path, config)
    assert f"config.json: {said}" in line and "does not answer" not in line, line
    assert "s3cret" not in line, line


@pytest.mark.parametrize(
    ("headers", "said"),
    [
        (
            {"Authorization: Bearer SECRETTOKEN123": ""},
            "HttpHeaders[1] (a name starting 'Authorization') is no HTTP header name",
        ),
        ({"X-T": "SECRET\u20ac"}, "HttpHeaders[1] ('X-T') is no HTTP header value"),
        ({"X-T\u00e9": "SECRET"}, "HttpHeaders[1] is no HTTP header name"),
        ({"User-Agent": "x", "X SECRET": "v"}, "HttpHeaders[2] (a name starting 'X') is no HTTP header name"),
        ({"SECRET\u00e9: x": "v"}, "HttpHeaders[1] is no HTTP header name"),
        ({"Content-Length": "100"}, "HttpHeaders[1] ('Content-Length') is a header the HTTP client sets itself"),
        ({"User-Agent": "x", "host": "SECRET"}, "HttpHeaders[2] ('host') is a header the HTTP client sets itself"),
    ],
    ids=[
        "token-in-name",
        "value-not-latin1",
        "name-not-ascii",
        "name-a-space",
        "head-no-token",
        "content-length",
        "host",
    ],
)
def test_a_docker_config_header_no_request_can_carry_is_named_by_position(
    engine: tuple[Engine, dict[str, str]],  # noqa: F811
    tmp_path: Path,
    headers: dict[str, str],
    said: str,
) -> None:
    """A header written whole in its name (``"Authorization: Bearer ..."``) was echoed, token and all; a value
    outside Latin-1, a name outside ASCII or with a space were "the Docker engine does not answer" (start dockerd);
    ``Content-Length: 100`` on every request held image-report for the client's 600 s.  One line naming the file
    and the header's position, its name only when it is a token (or the token before its ``:``), no value."""
    line = _report_with(engine, tmp_path, {"HttpHeaders": headers})
    assert f"config.json: {said}" in line and "does not answer" not in line, line
    assert "SECRET" not in line, line


@pytest.mark.parametrize("place", ["dev-null", "folder"])
def test_a_docker_config_that_reads_as_nothing_is_no_configuration(
    engine: tuple[Engine, dict[str, str]],  # noqa: F811
    tmp_path: Path,
    place: str,
) -> None:
    """config.json a link to /dev/null (credentials kept off a machine) or a folder: the SDK reads either as no
    configuration and image-report ran; the config.json check refused them ("not a regular file")."""
    answers, env = engine
    answers.saved = _saved(["l.tar"], LAYER)
    folder = tmp_path / "docker"
    folder.mkdir()
    (folder / "config.json").symlink_to("/dev/null") if place == "dev-null" else (folder / "config.json").mkdir()
    run = run_limited("image-report", "myimage:1", cwd=tmp_path, env={**env, "DOCKER_CONFIG": str(folder)})
    assert run.code == 0 and "myimage:1: 1 layers" in run.out, run.err


def test_a_docker_config_that_never_ends_is_still_refused(
    engine: tuple[Engine, dict[str, str]],  # noqa: F811
    tmp_path: Path,
) -> None:
    """The twin: a link to /dev/zero would hold the SDK's read for good: one line, exit 2."""
    _, env = engine
    folder = tmp_path / "docker"
    folder.mkdir()
    (folder / "config.json").symlink_to("/dev/zero")
    run = run_limited("image-report", "myimage:1", cwd=tmp_path, env={**env, "DOCKER_CONFIG": str(folder)})
    assert run.code == 2 and "config.json: not a regular file" in one_error_line(run), run.err


def test_a_docker_config_of_headers_as_the_cli_writes_them_is_used(
    engine: tuple[Engine, dict[str, str]],  # noqa: F811
    tmp_path: Path,
) -> None:
    """The twin: string headers and auths objects are the report, as before."""
    answers, env = engine
    answers.saved = _saved(["l.tar"], LAYER)
    folder = tmp_path / "docker"
    folder.mkdir()
    config = {"auths": {"ghcr.io": {}}, "HttpHeaders": {"User-Agent": "Docker-Client/24.0.0 (linux)"}}
    (folder / "config.json").write_text(json.dumps(config))
    run = run_limited("image-report", "myimage:1", cwd=tmp_path, env={**env, "DOCKER_CONFIG": str(folder)})
    assert run.code == 0 and "myimage:1: 1 layers" in run.out, run.err


# -- a check container that prints without end -----------------------------------------------------------------------
def _frames(total: int, frame: int = 1 << 20) -> bytes:
    """``total`` bytes of a container's stdout as the engine multiplexes it (8-byte header a frame)."""
    payload = b"y\n" * (frame // 2)
    return (struct.pack(">BxxxL", 1, len(payload)) + payload) * (total // frame)


def test_a_check_container_that_prints_without_end_fails_the_build_as_a_check_does(
    engine: tuple[Engine, dict[str, str]],  # noqa: F811
    tmp_path: Path,
) -> None:
    """The check container's output was read whole (``logs()``: the bytes, then a string of them): an image whose
    shell prints without end in the check's minutes held gigabytes.  Read as a stream up to a bound (16 MiB).  A
    check whose output passed it was exit 2, stdout empty under --json, no build record, the image left
    in place.  It is a verdict on the image, as a missing part is: exit 1, an ``"ok": false`` report naming it, the
    record written, the image removed."""
    answers, env = engine
    answers.created, answers.logs = {"Id": "c" * 64}, _frames(24 << 20)
    cli = tmp_path / "docker"
    cli.write_text(FAKE_DOCKER)
    cli.chmod(0o755)
    ex = build_example(tmp_path / "ex")
    argv = ("build", "--repo", ex.fork, "--config", ex.config, "--version", "v0.27.1", "--skip-audit", "a test",
            "--skip-device-check", "--json")  # fmt: skip
    run = run_limited(*argv, cwd=tmp_path, env={**env, "AEON_DOCKER_CLI": str(cli)}, timeout=TIMEOUT)
    assert run.code == 1 and "Traceback" not in run.err, run.err
    report = json.loads(run.out)
    assert report["ok"] is False and "printed more than 16 MiB" in report["error"]["message"], report["error"]
    assert report["record"] and Path(report["record"]).is_file(), report["record"]
    assert any("/images/sha256:" + "a" * 64 in path for path in answers.deleted), answers.deleted


def test_a_check_container_of_some_output_is_read_as_before(
    engine: tuple[Engine, dict[str, str]],  # noqa: F811
    tmp_path: Path,
) -> None:
    """The twin: a check's output of a few MiB is read, the build goes on to its checks (here the test engine's
    image names no platform: exit 1)."""
    answers, env = engine
    answers.created, answers.logs = {"Id": "c" * 64}, _frames(2 << 20)
    run = _build(tmp_path, env)
    assert run.code == 1 and "Traceback" not in run.err and "the build was for" in run.err, run.err


# -- audit --repo a FIFO; audit --output --------------------------------------------------------------------------------
def test_audit_repo_a_fifo_is_said_as_no_folder(tmp_path: Path) -> None:
    """`audit --repo FIFO` said "FIFO: no such directory": there is something, and it is no folder."""
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    line = one_error_line(run_limited("audit", "--repo", fifo, "--config", config_with(tmp_path), cwd=tmp_path))
    assert line.startswith(f"error: {fifo}: not a folder (hint: pass --repo"), line


@pytest.mark.parametrize("fmt", ["table", "json", "sarif"])
def test_audit_output_says_what_it_wrote_on_stderr(tmp_path: Path, fmt: str) -> None:
    """`audit --output FILE` wrote the report and said nothing of it (notes and keygen say "wrote FILE"): one
    line on stderr, stdout left empty (a script's `> report` stays empty)."""
    repo = make_repo(tmp_path / "r", {"a.py": "A = 1\n"})
    output = tmp_path / "[red]" / "report.out"
    output.parent.mkdir()
    argv = ("audit", "--repo", repo, "--config", config_with(tmp_path), "--format", fmt, "--output", output)
    run = run_limited(*argv, cwd=tmp_path, timeout=TIMEOUT)
    assert run.code == 0 and output.is_file() and run.out == "", (run.out, run.err)
    assert f"wrote {output}" in run.err.splitlines(), run.err


def test_audit_output_dash_says_nothing_of_a_file(tmp_path: Path) -> None:
    """The twin: `--output -` is stdout, no file written and none said."""
    repo = make_repo(tmp_path / "r", {"a.py": "A = 1\n"})
    argv = ("audit", "--repo", repo, "--config", config_with(tmp_path), "--format", "json", "--output", "-")
    run = run_limited(*argv, cwd=tmp_path, timeout=TIMEOUT)
    assert run.code == 0 and json.loads(run.out) and "wrote" not in run.err, run.err


# -- a revision spelt like an option, from a ref git found (not the command line) ------------------------------------
@pytest.fixture
def dashed(tmp_path: Path) -> Git:
    """A repository of two commits, the first tagged ``-x`` and ``--output=<file>`` (a fetch brings such tags)."""
    repo = make_repo(tmp_path / "r", {"a/a.py": "A = 1\n"})
    git(repo, "update-ref", "refs/tags/-x", "HEAD")
    git(repo, "update-ref", f"refs/tags/--output={tmp_path}/written", "HEAD")
    make_repo(repo, {"a/b.py": "B = 2\n"}, "second")
    return Git(repo)


def test_a_ref_spelt_like_an_option_is_read_as_the_ref(dashed: Git, tmp_path: Path) -> None:
    """A merge's state, a plan's walk and `init` hand git the refs they found (upstream's branch, the previous
    release, a tag): `git log -x`, `git merge-base -x HEAD`, `git ls-tree -x` read an option ("unrecognized
    argument: -x", a GitError), and a tag ``--output=FILE`` had `git log` write FILE, outside the repository.  After
    ``--end-of-options`` they are the refs."""
    first = dashed.resolve("-x")
    assert first is not None and dashed.subject("-x") == "commit" and dashed.message("-x").strip() == "commit"
    assert [c.sha for c in dashed.commits("-x")] == [first]
    assert [c.subject for c in dashed.commits("HEAD", "^refs/tags/-x")] == ["second"]
    assert dashed.merge_base("-x", "HEAD") == first and dashed.is_ancestor("-x", "HEAD")
    assert dashed.tree_names("-x", "a") == ["a.py"] and (dashed.show_file("-x", "a/a.py") or "").strip() == "A = 1"
    assert dashed.last_change("-x", "a/a.py") is not None and dashed.parents("-x") == []
    output = f"--output={tmp_path}/written"
    assert [c.sha for c in dashed.commits(output)] == [first]
    assert dashed.subject(output) == "commit" and not (tmp_path / "written").exists()


# -- build --platform in another spelling of the architecture --------------------------------------------------------
def _built_for(engine: tuple[Engine, dict[str, str]], tmp_path: Path, platform: str) -> str:  # noqa: F811
    """The stderr of `build --platform PLATFORM` whose engine built an arm64 image (its shell says aarch64)."""
    answers, env = engine
    answers.inspected = {**answers.inspected, "Os": "linux", "Architecture": "arm64"}  # type: ignore[dict-item]
    answers.created = {"Id": "c" * 64}
    answers.logs = _frames_of(b"aeon-release machine: aarch64\n")
    cli = tmp_path / "docker"
    cli.write_text(FAKE_DOCKER)
    cli.chmod(0o755)
    ex = build_example(tmp_path / "ex")
    argv = ("build", "--repo", ex.fork, "--config", ex.config, "--version", "v0.27.1", "--skip-audit", "a test",
            "--skip-device-check", "--platform", platform)  # fmt: skip
    run = run_limited(*argv, cwd=tmp_path, env={**env, "AEON_DOCKER_CLI": str(cli)}, timeout=TIMEOUT)
    assert run.code in (1, 2) and "Traceback" not in run.err, run.err
    return run.err


def _frames_of(data: bytes) -> bytes:
    return struct.pack(">BxxxL", 1, len(data)) + data


@pytest.mark.parametrize("platform", ["linux/aarch64", "linux/arm64/v8", "linux/arm64", "LINUX/ARM64", "Linux/AArch64"])
def test_build_platform_in_another_spelling_is_the_image_built(
    engine: tuple[Engine, dict[str, str]],  # noqa: F811
    tmp_path: Path,
    platform: str,
) -> None:
    """`build --platform linux/aarch64` (uname's name, which buildx takes for arm64) built an arm64 image and the
    platform check said "image ... is linux/arm64; the build was for linux/aarch64" and removed it.  Compared as
    containerd normalizes them, the image is the one asked for: the build goes on to its load-bearing checks."""
    err = _built_for(engine, tmp_path, platform)
    assert "the build was for" not in err and "load-bearing" in err, err


def test_build_platform_of_another_architecture_is_still_refused(
    engine: tuple[Engine, dict[str, str]],  # noqa: F811
    tmp_path: Path,
) -> None:
    """The twin: an arm64 image built for `--platform linux/x86_64` (amd64) is still the wrong image."""
    err = _built_for(engine, tmp_path, "linux/x86_64")
    assert "is linux/arm64; the build was for linux/x86_64" in err, err


# -- verify of an image named by its digest ----------------------------------------------------------------------------
@pytest.mark.parametrize("reference", ["user:PW0rd@reg.io/app:latest", "user@host/app:latest", "app@sha256:ab"])
def test_verify_of_an_at_sign_that_is_no_digest_is_no_repository(tmp_path: Path, reference: str) -> None:
    """The twin: an `@` that does not end the reference in ``@ALGORITHM:HEX`` (credentials written into it, a short
    digest) was said as "names an image by its digest"; it is the old "not a valid REGISTRY/NAME", no password."""
    assert run_limited("keygen", tmp_path / "k", cwd=tmp_path).code == 0
    line = one_error_line(run_limited("verify", reference, "--key", tmp_path / "k.pub", cwd=tmp_path))
    assert "is not a valid REGISTRY/NAME" in line and "by its digest" not in line, line
    assert "PW0rd" not in line, line


# -- status over a runs/ that is no folder -----------------------------------------------------------------------------
@pytest.mark.parametrize("kind", ["fifo", "file"])
@pytest.mark.parametrize("json_out", [[], ["--json"]], ids=["human", "json"])
def test_status_over_a_runs_place_that_is_no_folder_says_so(tmp_path: Path, kind: str, json_out: list[str]) -> None:
    """A FIFO or a file at ``.git/aeon-release/runs``: `merge` refused to start ("not a folder; aeon-release keeps
    its runs there"), and `status` said "no aeon-release runs in this repository", exit 0.  Status says what merge
    says, exit 2."""
    repo = make_repo(tmp_path / "r", {"a.py": "A = 1\n"})
    runs = repo / ".git" / "aeon-release" / "runs"
    runs.parent.mkdir(parents=True)
    os.mkfifo(runs) if kind == "fifo" else runs.write_text("x")
    run = run_limited("status", "--repo", repo, *json_out, cwd=tmp_path, timeout=TIMEOUT)
    line = one_error_line(run)
    assert line.startswith(f"error: {runs}: not a folder; aeon-release keeps its runs there"), line
    assert "no aeon-release runs" not in run.out, run.out
    assert run.out == "" or not json_out, run.out  # `[]` with exit 2 read as "no runs" by a script


def test_status_with_no_runs_place_says_there_are_none(tmp_path: Path) -> None:
    """The twin: no runs/ at all is no run, as before."""
    repo = make_repo(tmp_path / "r", {"a.py": "A = 1\n"})
    run = run_limited("status", "--repo", repo, cwd=tmp_path, timeout=TIMEOUT)
    assert run.code == 0 and "no aeon-release runs in this repository" in run.out, run.err


# -- init --config that is no folder ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("place", "said"),
    [
        ("fifo", "not a folder"),
        ("file", "not a folder"),
        ("file/sub", "a part of the path is a file, not a folder"),
        ("dangling", "is a symbolic link to nowhere, which does not exist"),
    ],
)
def test_init_config_that_is_no_folder_says_so(tmp_path: Path, place: str, said: str) -> None:
    """`init --config FIFO` (or a file, or a path through one) said "init FIFO/fleet.yaml: cannot be written: Not a
    directory (hint: pass a writable file path)": the folder is what is wrong, and a file path is no answer."""
    ex = build_example(tmp_path / "ex")
    os.mkfifo(tmp_path / "fifo")
    (tmp_path / "file").write_text("x")
    (tmp_path / "dangling").symlink_to("nowhere")  # was "a symbolic link to nowhere, which ; init writes ..."
    argv = ("init", "--repo", ex.fork, "--image", "ghcr.io/me/app", "--config", tmp_path / place)
    line = one_error_line(run_limited(*argv, cwd=tmp_path, timeout=TIMEOUT))
    assert line.startswith(f"error: --config {tmp_path / place}: {said}; init writes its files into a folder"), line


def test_init_config_a_folder_to_make_is_written(tmp_path: Path) -> None:
    """The twin: a folder that does not exist yet is made and written, as before."""
    ex = build_example(tmp_path / "ex")
    argv = ("init", "--repo", ex.fork, "--image", "ghcr.io/me/app", "--config", tmp_path / "new" / "config")
    run = run_limited(*argv, cwd=tmp_path, timeout=TIMEOUT)
    assert run.code == 0 and (tmp_path / "new" / "config" / "fleet.yaml").is_file(), run.err
