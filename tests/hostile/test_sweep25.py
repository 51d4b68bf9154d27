"""Hostile-input sweep 25: servers that answer bytes that are not HTTP, and URLs whose percent-encoded host
holds control characters.  Real sockets on 127.0.0.1, the real CLI; every case is one line and exit 2."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import build_example, run_cli
from tests.hostile.conftest import ROOT, config_with, git, make_repo

# -- a server that answers bytes that are not HTTP -----------------------------------------------------------------
_COUNTERS = "".join(
    f'vllm:spec_decode_num_{name}_total{{model_name="m"}} 100\n'
    for name in ("drafts", "draft_tokens", "accepted_tokens")
).encode()
METRICS = b"HTTP/1.1 200 OK\r\nContent-Length: %d\r\n\r\n%s" % (len(_COUNTERS), _COUNTERS)
NOT_HTTP = {
    "another protocol": b"SSH-2.0-OpenSSH_9.6\r\n",
    "a header line past 64 KiB": b"HTTP/1.1 200 OK\r\nX: " + b"a" * 70_000 + b"\r\n\r\n",
    "more than 100 headers": b"HTTP/1.1 200 OK\r\n" + b"".join(b"X%d: 1\r\n" % i for i in range(120)) + b"\r\n",
    "a broken chunk": b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nabc",
    "an HTTP version of none": b"HTTP/9.9 200 OK\r\n\r\n",
    "a redirect to a NUL host": b"HTTP/1.1 302 Found\r\nLocation: http://%00/\r\nContent-Length: 0\r\n\r\n",
}


@pytest.fixture
def raw_server() -> Iterator[Callable[[bytes], str]]:
    """A listener answering ``/metrics`` with spec-decode counters and any other path with the bytes given."""
    stop = threading.Event()
    listeners: list[socket.socket] = []

    def serve(listener: socket.socket, answer: bytes) -> None:
        while not stop.is_set():
            try:
                conn, _ = listener.accept()
            except OSError:
                continue
            with conn:
                conn.settimeout(2)
                try:
                    asked = conn.recv(65536)
                    conn.sendall(METRICS if asked.split(b" ")[1:2] == [b"/metrics"] else answer)
                except OSError:
                    pass

    def start(answer: bytes) -> str:
        listener = socket.socket()
        listener.bind(("127.0.0.1", 0))
        listener.listen(8)
        listener.settimeout(0.1)
        listeners.append(listener)
        threading.Thread(target=serve, args=(listener, answer), daemon=True).start()
        return f"http://127.0.0.1:{listener.getsockname()[1]}"

    yield start
    stop.set()
    for listener in listeners:
        listener.close()


def _config(tmp_path: Path) -> Path:
    (tmp_path / "fleet.yaml").write_text((ROOT / "fleet.yaml").read_text())  # the metric names
    return tmp_path


@pytest.mark.parametrize("answer", list(NOT_HTTP.values()), ids=list(NOT_HTTP))
def test_a_metrics_endpoint_that_answers_no_http_is_one_line(
    raw_server: Callable[[bytes], str], tmp_path: Path, answer: bytes
) -> None:
    """http.client's own errors (BadStatusLine, LineTooLong, IncompleteRead, InvalidURL in a redirect) are no
    OSError: a port where another service listens, a proxy's broken answer, were a traceback (exit 3)."""
    url = raw_server(answer) + "/other"
    run = run_cli("canary", "--metrics-url", url, "--window", "0", "--config", _config(tmp_path))
    assert run.code == 2, run.err
    [line] = run.err.strip().splitlines()
    assert line.startswith(f"error: metrics endpoint {url} ") and "(hint:" in line, line


@pytest.mark.parametrize("answer", list(NOT_HTTP.values()), ids=list(NOT_HTTP))
def test_a_traffic_endpoint_that_answers_no_http_is_one_line(
    raw_server: Callable[[bytes], str], tmp_path: Path, answer: bytes
) -> None:
    base = raw_server(answer)
    run = run_cli(
        "canary", "--metrics-url", f"{base}/metrics", "--traffic-url", base, "--window", "0",
        "--config", _config(tmp_path),
    )  # fmt: skip
    assert run.code == 2, run.err
    sending, line = run.err.strip().splitlines()  # the progress line, then the one error
    assert (
        sending.startswith("sending ")
        and line.startswith(f"error: traffic endpoint {base}/v1/chat/")
        and ("(hint:" in line)
    ), line


@pytest.mark.parametrize("host", ["%00", "a%0d%0aX", "%20", "a%7fb"])
@pytest.mark.parametrize("option", ["--metrics-url", "--traffic-url"])
def test_a_host_of_percent_encoded_control_characters_is_refused_as_given(
    tmp_path: Path, host: str, option: str
) -> None:
    """urllib percent-decodes a URL's host before it connects: ``http://%00/`` reached http.client as a NUL
    host and crashed; it is refused as the URL the person gave, before any connection (and before the
    "sending chat completions" line, which came ahead of every check)."""
    urls = {"--metrics-url": "http://127.0.0.1:1/metrics", option: f"http://{host}/metrics"}
    argv = [word for pair in urls.items() for word in pair]
    run = run_cli("canary", *argv, "--window", "0", "--config", _config(tmp_path))
    assert run.code == 2, run.err
    [line] = run.err.strip().splitlines()
    assert line.startswith(f"error: {option} 'http://{host}/metrics' has a host of") and "(hint:" in line, line


# -- the notes path of a release, checked before the first stage acts --------------------------------------------
NOTES_PLACES = {
    "a folder": lambda root: root,
    "a file under a file": lambda root: root / "plain" / "notes.md",
    "the ledger the run reads": lambda root: root / "ex" / "config" / "carries.yaml",
    "a place in .git": lambda root: root / "ex" / "fork" / ".git" / "notes.md",
    "the signing key": lambda root: root / "key",  # the notes replaced the secret key after the push
    "stdout": lambda root: Path("-"),
}


@pytest.mark.parametrize("place", list(NOTES_PLACES.values()), ids=list(NOTES_PLACES))
def test_a_notes_path_no_release_can_write_stops_it_before_the_merge(tmp_path: Path, place: Any) -> None:
    """The notes step is the last, after the push: ``release --notes`` naming a folder, a path below a file,
    the ledger or ``.git`` passed the preflight, and the release merged, built and published before it
    failed on the notes (here it stopped at the build, as no Docker engine answers)."""
    ex = build_example(tmp_path / "ex")
    (tmp_path / "plain").write_text("a file\n")
    assert run_cli("keygen", tmp_path / "key").code == 0
    notes = place(tmp_path)
    run = run_cli(
        "release", "v0.29.0", "--repo", ex.fork, "--config", ex.config, "--repository", "127.0.0.1:9/aeon/x",
        "--signing-key", tmp_path / "key", "--notes", notes, cwd=tmp_path,
        env={"DOCKER_HOST": f"unix://{tmp_path}/no-engine.sock"},
    )  # fmt: skip
    assert run.code == 2, run.err
    [line] = run.err.strip().splitlines()
    assert "notes" in line and str(notes) in line and "(hint:" in line, line
    assert git(ex.fork, "branch", "--list", "aeon-v0.29.0") == ""  # nothing merged
    assert (tmp_path / "plain").read_text() == "a file\n" and not (tmp_path / "-").exists()


def test_notes_to_dash_is_stdout_as_for_audit(tmp_path: Path) -> None:
    """``notes --output -`` wrote a file named ``-`` in the current folder; ``audit --output -`` is stdout."""
    ex = build_example(tmp_path / "ex")
    assert run_cli("merge", "v0.29.0", "--repo", ex.fork, "--config", ex.config, "--no-fetch").code in (0, 1)
    run = run_cli("notes", "v0.29.0", "--repo", ex.fork, "--config", ex.config, "--output", "-", cwd=tmp_path)
    assert run.code == 0, run.err
    assert run.out.startswith("# ") and not (tmp_path / "-").exists(), run.out


# -- a release's --waive, checked as the merge checks it ----------------------------------------------------------
@pytest.mark.parametrize("waiver", ["no-equals-sign", "=a reason", "tree/conflict-markers=", "no/such-rule=why"])
def test_a_waiver_the_merge_refuses_stops_the_release_at_its_preflight(tmp_path: Path, waiver: str) -> None:
    """``merge --waive x`` is refused at once; ``release --waive x`` passed the preflight and the dry run said
    every stage would run, then the real run was refused by the merge it started (a run folder left behind)."""
    ex = build_example(tmp_path / "ex")
    assert run_cli("keygen", tmp_path / "key").code == 0
    argv = (
        "release", "v0.29.0", "--repo", ex.fork, "--config", ex.config, "--repository", "127.0.0.1:9/aeon/x",
        "--signing-key", tmp_path / "key", "--waive", waiver,
    )  # fmt: skip
    for extra in (("--dry-run",), ()):
        run = run_cli(*argv, *extra, env={"DOCKER_HOST": f"unix://{tmp_path}/no-engine.sock"})
        assert run.code == 2, run.err
        [line] = run.err.strip().splitlines()
        assert line.startswith("error: --waive") and "(hint:" in line, line
    assert not (ex.fork / ".git" / "aeon-release" / "runs").exists()
    assert git(ex.fork, "branch", "--list", "aeon-v0.29.0") == ""


@pytest.mark.parametrize("builder", ["-x", "", "a b"])
def test_a_builder_name_that_is_none_stops_the_release_before_the_merge(tmp_path: Path, builder: str) -> None:
    """``--builder`` was checked by the build stage only: ``release --builder -x`` merged the release first."""
    ex = build_example(tmp_path / "ex")
    assert run_cli("keygen", tmp_path / "key").code == 0
    run = run_cli(
        "release", "v0.29.0", "--repo", ex.fork, "--config", ex.config, "--repository", "127.0.0.1:9/aeon/x",
        "--signing-key", tmp_path / "key", "--builder", builder,
        env={"DOCKER_HOST": f"unix://{tmp_path}/no-engine.sock"},
    )  # fmt: skip
    assert run.code == 2, run.err
    [line] = run.err.strip().splitlines()
    # '' is refused as every text option's empty value is (sweep 45), before the command runs
    said = f"error: --builder {builder!r} is not a builder name" if builder else "error: invalid value for '--builder'"
    assert line.startswith(said) and "(hint:" in line, line
    assert git(ex.fork, "branch", "--list", "aeon-v0.29.0") == ""


# -- a reader of stdout that went away --------------------------------------------------------------------------
def _to_a_gone_reader(*argv: str | Path, cwd: Path) -> subprocess.CompletedProcess[bytes]:
    """``aeon-release ARGV | true`` with the reader gone before the first write (a real pipe, a real process)."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        return subprocess.run(
            [sys.executable, "-m", "aeon_release", *map(str, argv)],
            stdout=write_end, stderr=subprocess.PIPE, cwd=cwd, env={**os.environ, "PYTHONPATH": str(ROOT)},
            timeout=120, check=False,
        )  # fmt: skip
    finally:
        os.close(write_end)


@pytest.mark.parametrize(
    "argv",
    [
        ("ledger", "schema", "carries"),  # print()
        ("audit", "--repo", "repo", "--config", "config", "--format", "json"),  # the report
        ("audit", "--repo", "repo", "--config", "config", "--format", "github"),
        ("status", "--repo", "repo"),  # rich's console, whose own handler exits 1
        ("--version",),  # printed while click parses
    ],
    ids=["print", "json report", "github report", "rich table", "version"],
)
def test_a_reader_that_went_away_changes_no_exit_code(tmp_path: Path, argv: tuple[str, ...]) -> None:
    """typer's main turns an EPIPE into a silent exit 1 (and rich's console does the same), which reads as
    "error-level findings", "below the band" or "bad signature": ``audit --format json | head -c0`` of a clean
    tree exited 1 with nothing said.  Sweep 25 made it exit 2 with a line; sweep 35 settled it as git does
    (nothing said) but with the command's own exit code, here 0: the reader left on purpose, and a finished
    command is not a failure (tests/hostile/test_sweep35.py)."""
    make_repo(tmp_path / "repo", {"pkg/a.py": "A = 1\n"})
    config_with(tmp_path)
    done = _to_a_gone_reader(*argv, cwd=tmp_path)
    err = done.stderr.decode()
    assert done.returncode == 0, (done.returncode, err)
    assert "error:" not in err and "Broken pipe" not in err and "Traceback" not in err, err


# -- a secret key named as a public one ----------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["fleet.pub", "keys/fleet.PUB"])
def test_keygen_never_writes_the_secret_key_under_a_public_name(tmp_path: Path, name: str) -> None:
    """``keygen keys/fleet.pub`` wrote the secret key (0600) as ``fleet.pub`` and the public one as
    ``fleet.pub.pub``: the file whose name says "public, hand it out" held the secret."""
    run = run_cli("keygen", name, cwd=tmp_path)
    assert run.code == 2, run.err
    [line] = run.err.strip().splitlines()
    assert "secret key under a public key's name" in line and "(hint:" in line, line
    assert sorted(p.name for p in tmp_path.rglob("*")) == []


@pytest.mark.parametrize("key", ["the public key", "no key at all"])
def test_a_signing_key_publish_cannot_load_stops_the_release_before_the_merge(tmp_path: Path, key: str) -> None:
    """The release's preflight checked only that the signing key was a file: the public key passed by
    mistake (or any other file) went through the merge and the hours of build, refused at the publish."""
    ex = build_example(tmp_path / "ex")
    assert run_cli("keygen", tmp_path / "key").code == 0
    (tmp_path / "other").write_text("not a key\n")
    path = tmp_path / ("key.pub" if key == "the public key" else "other")
    run = run_cli(
        "release", "v0.29.0", "--repo", ex.fork, "--config", ex.config, "--repository", "127.0.0.1:9/aeon/x",
        "--signing-key", path, env={"DOCKER_HOST": f"unix://{tmp_path}/no-engine.sock"},
    )  # fmt: skip
    assert run.code == 2, run.err
    [line] = run.err.strip().splitlines()
    said = "is a public key" if key == "the public key" else "is not an unencrypted PEM private key"  # sweep 37
    assert line.startswith(f"error: signing key {path} {said}"), line
    assert git(ex.fork, "branch", "--list", "aeon-v0.29.0") == ""


# -- notes split in two: both places checked before either is written ----------------------------------------------
def test_notes_whose_audit_file_cannot_be_written_leave_no_body_linking_to_it(tmp_path: Path) -> None:
    """Notes past GitHub's body limit go to two files, ``X.md`` and ``X-audit.md``: with a folder at
    ``X-audit.md`` the body was written, linking to a report that never was, and the run exited 2."""
    import json

    record = json.loads((ROOT / "tests" / "notes" / "data" / "record-v0.27.1.json").read_text())
    record["merge"]["audit"] = {
        "errors": 0,
        "warnings": 4000,
        "findings": [
            {"rule": "r", "kind": "pattern", "severity": "warning", "path": f"pkg/m{i}.py", "line": i + 1,
             "message": f"pattern found at call site {i}: compare with the enum member, not a literal"}
            for i in range(4000)
        ],
    }  # fmt: skip
    (tmp_path / "record.json").write_text(json.dumps(record))
    (tmp_path / "v0.27.1-audit.md").mkdir()
    out = tmp_path / "v0.27.1.md"
    run = run_cli(
        "notes", "v0.27.1", "--record", tmp_path / "record.json", "--config", ROOT, "--output", out
    )  # fmt: skip
    assert run.code == 2, run.err
    [line] = run.err.strip().splitlines()
    assert line.startswith(f"error: notes {tmp_path / 'v0.27.1-audit.md'} is a directory"), line
    assert not out.exists()


# -- a token written as a URL's user ------------------------------------------------------------------------------
@pytest.mark.parametrize("userinfo", ["ghp_t0kenAsTheUser", "ghp_t0kenAsTheUser:"])
def test_a_token_given_as_the_urls_user_is_never_shown(
    raw_server: Callable[[bytes], str], tmp_path: Path, userinfo: str
) -> None:
    """``http://TOKEN@host/metrics`` (the form GitHub tokens take in a URL) sends the token as Basic
    credentials, yet only a password after a ``:`` was treated as a secret: every error line showed it."""
    base = raw_server(b"SSH-2.0-OpenSSH_9.6\r\n")
    url = base.replace("http://", f"http://{userinfo}@") + "/other"
    run = run_cli("canary", "--metrics-url", url, "--window", "0", "--config", _config(tmp_path), "--json")
    assert run.code == 2, run.err
    assert "ghp_t0kenAsTheUser" not in run.err + run.out and "http://***" in run.err, run.err


# -- image archive members of another kind than the manifest says -----------------------------------------------
def _archive(path: Path, members: dict[str, bytes]) -> str:
    import io
    import tarfile

    with tarfile.open(path, "w") as archive:
        for name, data in members.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))
    return f"docker-archive:{path}"


_MANIFEST = b'[{"Config": "c.json", "Layers": ["l.tar"]}]'
_CONFIG = b'{"history": [{"created_by": "RUN make"}]}'
MISREAD = {
    "a layer that is no tar": ({"manifest.json": _MANIFEST, "c.json": _CONFIG, "l.tar": b"x" * 600}, "layer l.tar"),
    "a manifest.json after a byte-order mark": ({"manifest.json": b"\xef\xbb\xbf" + _MANIFEST}, "manifest.json"),
    "a config that is no JSON": ({"manifest.json": _MANIFEST, "c.json": b"history: []"}, "config c.json"),
}


@pytest.mark.parametrize("case", list(MISREAD))
def test_an_archive_member_of_another_kind_is_named_as_such(tmp_path: Path, case: str) -> None:
    """``image-report`` dropped every member that was neither JSON, a tar nor gzip without a word: a layer of
    other bytes was "named by the manifest but not in the archive" (it was), a manifest.json after a BOM
    was "neither manifest.json nor index.json", and a config of YAML made a report of no build steps, exit 0."""
    members, named = MISREAD[case]
    image = _archive(tmp_path / "i.tar", members)
    run = run_cli("image-report", image)
    assert run.code == 2, run.err
    [line] = run.err.strip().splitlines()
    assert f"{named} is in the archive but is neither JSON nor a tar layer" in line and "(hint:" in line, line


def test_a_manifest_after_blank_lines_is_read(tmp_path: Path) -> None:
    """JSON may start with whitespace: a manifest.json written with a leading newline was "not an archive"."""
    image = _archive(tmp_path / "i.tar", {"manifest.json": b"\n  " + b'[{"Config": "c.json", "Layers": []}]'})
    run = run_cli("image-report", image)
    assert run.code == 0 and "0 layers" in run.out + run.err, run.err


def test_a_gzipped_docker_save_reads_as_the_archive_it_holds(tmp_path: Path) -> None:
    """``docker save IMAGE | gzip > image.tar.gz`` (which ``docker load`` reads) was "truncated header"."""
    import gzip

    layer = tmp_path / "layer"
    _archive(layer, {"usr/bin/tool": b"#!/bin/sh\n"})
    plain = _archive(tmp_path / "i.tar", {"manifest.json": _MANIFEST, "c.json": _CONFIG, "l.tar": layer.read_bytes()})
    (tmp_path / "i.tar.gz").write_bytes(gzip.compress((tmp_path / "i.tar").read_bytes()))
    want, run = run_cli("image-report", plain), run_cli("image-report", f"docker-archive:{tmp_path / 'i.tar.gz'}")
    assert want.code == 0 and run.code == 0, run.err
    assert run.out.replace("i.tar.gz", "i.tar") == want.out and "RUN make" in run.out, run.out
