"""Hostile-input sweep 42.  ``image-report`` of an engine image whose ``docker save`` stream is no readable archive
(a traceback), and of an archive whose manifest names one small layer again and again (a minute and a gigabyte).
``publish`` against an engine whose push stream or image inspection is of another shape, or breaks off (tracebacks).
The real CLI."""

from __future__ import annotations

import io
import json
import socket
import tarfile
import threading
from collections.abc import Iterator
from http.server import ThreadingHTTPServer
from pathlib import Path

import pytest

from aeon_release.adapters.sandbox import RegistryProcess
from tests.helpers import build_example, run_cli
from tests.hostile.conftest import QuietHandler, Run, run_limited
from tests.hostile.test_config_files import one_error_line

TIMEOUT = 20.0


def _tar(members: list[tuple[str, bytes]]) -> bytes:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w") as archive:
        for name, data in members:
            info = tarfile.TarInfo(name)
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))
    return buffer.getvalue()


def _saved(layers: list[str], layer: bytes) -> bytes:
    """A docker-archive whose manifest names ``layers``, each the one ``l.tar`` it holds."""
    manifest = json.dumps([{"Config": "c.json", "Layers": layers}]).encode()
    return _tar([("manifest.json", manifest), ("c.json", b'{"history": []}'), ("l.tar", layer)])


# -- an engine's answers that are no image, no push ------------------------------------------------------------------
IMAGE_ID = "sha256:" + "a" * 64


class Engine:
    """What the test engine answers: ``docker save``'s body, an image's inspection, a push's lines (chunked, as
    the engine streams them; ``cut``: the stream breaks off in a chunk)."""

    def __init__(self) -> None:
        self.saved = b""
        self.inspected: object = {"Id": IMAGE_ID, "Config": {"Labels": {}}, "Created": "2026-12-04T00:00:00Z"}
        self.history: object = []
        self.created: object = None  # a container's creation (None: no containers here)
        self.waited: object = {"StatusCode": 0}
        self.logs = b""  # a check container's output, multiplexed as the engine sends it (no TTY)
        self.pushed: list[bytes] = []
        self.cut = False
        self.deleted: list[str] = []  # the paths of DELETE requests (an image removed)


@pytest.fixture
def engine() -> Iterator[tuple[Engine, dict[str, str]]]:
    """A Docker engine on 127.0.0.1 (the few calls `image-report` and `publish` make) answering as its ``Engine``
    says; the environment that points at it."""
    said = Engine()

    class Handler(QuietHandler):
        protocol_version = "HTTP/1.1"

        def do_GET(self) -> None:  # noqa: N802
            path = self.path.split("?")[0]
            if path.endswith("/_ping"):
                self._send(200, b"OK")
            elif path.endswith("/get"):
                self._send(200, said.saved, {"Content-Type": "application/x-tar"})
            elif path.endswith("/version"):
                self._send(200, json.dumps({"ApiVersion": "1.43", "Version": "24.0.0"}).encode())
            elif path.startswith(("/containers/", "/v1.43/containers/")) and path.endswith("/json"):
                self._send(200, b'{"Config": {"Tty": false}}', {"Content-Type": "application/json"})
            elif path.endswith("/logs"):
                self._send(200, said.logs, {"Content-Type": "application/vnd.docker.raw-stream"})
            elif path.endswith("/history"):
                self._send(200, json.dumps(said.history).encode(), {"Content-Type": "application/json"})
            else:
                self._send(200, json.dumps(said.inspected).encode(), {"Content-Type": "application/json"})

        do_HEAD = do_GET  # noqa: N815

        def do_POST(self) -> None:  # noqa: N802
            self.rfile.read(int(self.headers.get("Content-Length") or 0))
            path = self.path.split("?")[0]
            if path.endswith("/tag"):
                self._send(201)
                return
            if not path.endswith("/push"):  # a container for the built image's checks
                self._container(path)
                return
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()
            for line in said.pushed:
                self.wfile.write(b"%x\r\n%s\r\n" % (len(line) + 2, line + b"\r\n"))
            self.wfile.write(b"100\r\nabc" if said.cut else b"0\r\n\r\n")
            self.wfile.flush()
            if said.cut:
                self.connection.shutdown(socket.SHUT_RDWR)
                self.close_connection = True

        def _container(self, path: str) -> None:
            if said.created is None:
                self._send(404, b'{"message": "no containers here"}', {"Content-Type": "application/json"})
            elif path.endswith("/create"):
                self._send(201, json.dumps(said.created).encode(), {"Content-Type": "application/json"})
            elif path.endswith("/wait"):
                self._send(200, json.dumps(said.waited).encode(), {"Content-Type": "application/json"})
            else:
                self._send(204)

        def do_PUT(self) -> None:  # noqa: N802
            self.rfile.read(int(self.headers.get("Content-Length") or 0))
            self._send(200)

        def do_DELETE(self) -> None:  # noqa: N802
            said.deleted.append(self.path)
            self._send(200, b"[]", {"Content-Type": "application/json"})

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=httpd.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
    try:
        yield said, {"DOCKER_HOST": f"tcp://127.0.0.1:{httpd.server_address[1]}", "DOCKER_TLS_VERIFY": ""}
    finally:
        httpd.shutdown()
        httpd.server_close()


LAYER = _tar([("usr/bin/tool", b"x" * 100)])


@pytest.mark.parametrize(
    ("body", "said"),
    [
        (b"\x28\xb5\x2f\xfd" + b"\0" * 64, "zstd-compressed"),
        (b"\x1f\x8b" + b"\0" * 64, "unreadable"),
        (_saved(["l.tar"], LAYER)[:3000], "unexpected end of data"),
        (_saved(["l.tar", "other/layer.tar"], LAYER), "is named by the manifest but is not in the archive"),
    ],
    ids=["zstd", "broken-gzip", "cut-short", "layer-missing"],
)
def test_an_engine_image_whose_save_is_unreadable_is_one_line(
    engine: tuple[Engine, dict[str, str]], tmp_path: Path, body: bytes, said: str
) -> None:
    """`image-report IMAGE` read the engine's `docker save` stream as it reads an archive on disk, but only the
    archive's errors were caught: a stream that is no image (a containerd image store's save of a multi-platform
    image lacks the other platforms' layers; a zstd one; an engine that stopped mid-stream) was a ValueError
    or a tar error traceback, "crashed".  One line naming the image, exit 2."""
    answers, env = engine
    answers.saved = body
    line = one_error_line(run_limited("image-report", "myimage:1", cwd=tmp_path, env=env, timeout=TIMEOUT))
    assert line.startswith("error: the engine's `docker save` of myimage:1 is unreadable") and said in line, line


def test_an_engine_image_that_saves_whole_is_reported(engine: tuple[Engine, dict[str, str]], tmp_path: Path) -> None:
    """The twin: a save stream that is an image is the report, as before."""
    answers, env = engine
    answers.saved = _saved(["l.tar"], LAYER)
    run = run_limited("image-report", "myimage:1", cwd=tmp_path, env=env, timeout=TIMEOUT)
    assert run.code == 0 and "myimage:1: 1 layers" in run.out, run.err


# -- a manifest naming one layer again and again ---------------------------------------------------------------------
def _many_files() -> bytes:
    return _tar([(f"d/f{i}", b"") for i in range(200)])


def test_a_layer_named_twenty_thousand_times_is_refused_not_replayed(tmp_path: Path) -> None:
    """A 300 KB archive whose manifest names its one 200-file layer 20,000 times: every naming replayed the layer
    over the last, each file "overwritten" into the dead list, 4,000,000 replays (60 s of CPU and 930 MB) before
    the report's first line; 200,000 namings ran out of time.  One line saying how much it would replay, exit 2."""
    image = tmp_path / "i.tar"
    image.write_bytes(_saved(["l.tar"] * 20_000, _many_files()))
    run = run_limited("image-report", f"docker-archive:{image}", cwd=tmp_path, timeout=TIMEOUT)
    line = one_error_line(run)
    assert "names layers it already named 19,999 more time(s), 3,999,800 file entries" in line, line
    assert run.cpu < 10, run.cpu


def test_a_one_file_layer_named_half_a_million_times_is_refused(tmp_path: Path) -> None:
    """A layer of one file costs little to replay but a line of the report each naming: 500,000 of them are
    refused too."""
    image = tmp_path / "i.tar"
    image.write_bytes(_saved(["l.tar"] * 500_000, _tar([("a", b"")])))
    line = one_error_line(run_limited("image-report", f"docker-archive:{image}", cwd=tmp_path, timeout=TIMEOUT))
    assert "499,999 more time(s)" in line, line


def test_a_layer_named_twice_is_replayed_as_before(tmp_path: Path) -> None:
    """The twin: an identical layer named twice (a COPY repeated after an `rm`: docker save names it twice), its
    files counted dead once, overwritten by the second naming."""
    image = tmp_path / "i.tar"
    image.write_bytes(_saved(["l.tar", "l.tar"], _many_files()))
    run = run_limited("image-report", f"docker-archive:{image}", cwd=tmp_path, timeout=TIMEOUT)
    assert run.code == 0 and "2 layers" in run.out and "in 200 file(s) shipped then deleted" in run.out, run.out


# -- a publish's engine that answers another shape -------------------------------------------------------------------
def _publish(tmp_path: Path, registry: str) -> tuple[str | Path, ...]:
    ex = build_example(tmp_path / "ex")
    assert run_cli("keygen", tmp_path / "key").code == 0
    return (
        "publish", "--image", "myimage:1", "--version", "v0.29.0", "--repository", f"{registry}/sweep42/x",
        "--repo", ex.fork, "--config", ex.config, "--signing-key", tmp_path / "key", "--skip-audit", "a test",
    )  # fmt: skip


PUSHING = b'{"status": "Preparing", "id": "a1", "progressDetail": {}}'


@pytest.mark.registry
@pytest.mark.parametrize(
    ("lines", "cut", "said"),
    [
        ([PUSHING, b'"a string"'], False, "answered a line that is no JSON object: 'a string'"),
        ([PUSHING, b"[1, 2]"], False, "answered a line that is no JSON object: [1, 2]"),
        ([b"no json at all"], False, "the Docker engine's answer broke off or is unreadable"),
        ([PUSHING], True, "the Docker engine's answer broke off or is unreadable"),
        ([b'{"status": "Pushing", "id": "a1", "progressDetail": {"current": "x"}}'], False, "reported no digest"),
        ([b'{"status": "Pushing", "id": "a1", "progressDetail": [1]}'], False, "reported no digest"),
        ([b'{"errorDetail": "denied: no"}'], False, "failed: denied: no"),
    ],
    ids=["string-line", "list-line", "not-json", "cut-short", "count-a-word", "detail-a-list", "error-a-string"],
)
def test_a_push_stream_of_another_shape_is_one_line(
    engine: tuple[Engine, dict[str, str]], registry: RegistryProcess, tmp_path: Path, lines: list[bytes], cut: bool,
    said: str,
) -> None:  # fmt: skip
    """The engine's push progress was read as objects of numbers: a line that is a JSON string or list, a count
    that is a word, a progressDetail or an errorDetail of another shape were AttributeError and ValueError
    tracebacks, and a stream that broke off in a chunk or was no JSON urllib3's or the SDK's own error ("crashed").
    One line, exit 2, :latest untouched."""
    answers, env = engine
    answers.pushed, answers.cut = lines, cut
    line = one_error_line(run_limited(*_publish(tmp_path, registry.host), cwd=tmp_path, env=env, timeout=TIMEOUT))
    assert said in line, line


@pytest.mark.parametrize(
    "inspected",
    [{"Config": {"Labels": {}}}, {"Id": 12}, [1], "x"],
    ids=["no-id", "id-a-number", "a-list", "a-string"],
)
def test_an_image_inspection_of_another_shape_is_one_line(
    engine: tuple[Engine, dict[str, str]], tmp_path: Path, inspected: object
) -> None:
    """``publish`` read the engine's inspection as ``attrs["Id"]``: none there, or an answer that is no object, was
    a KeyError or an AttributeError traceback.  One line naming the image, exit 2."""
    answers, env = engine
    answers.inspected = inspected
    line = one_error_line(run_limited(*_publish(tmp_path, "127.0.0.1:1"), cwd=tmp_path, env=env, timeout=TIMEOUT))
    assert "the Docker engine's inspection of myimage:1 names no image id" in line, line


def test_labels_of_another_shape_are_no_labels(engine: tuple[Engine, dict[str, str]], tmp_path: Path) -> None:
    """Labels that are a list (``dict(labels)``: a ValueError traceback) are no labels: the publish goes on to the
    registry (here none answers), as for an image built with none."""
    answers, env = engine
    answers.inspected = {"Id": IMAGE_ID, "Config": {"Labels": ["a", "b"]}}
    line = one_error_line(run_limited(*_publish(tmp_path, "127.0.0.1:1"), cwd=tmp_path, env=env, timeout=TIMEOUT))
    assert "127.0.0.1:1" in line, line


# -- a Docker config.json of another shape ---------------------------------------------------------------------------
HOST = "127.0.0.1:1"


@pytest.mark.parametrize(
    ("config", "said"),
    [
        ({"auths": "x"}, "auths is a string, not an object of registries"),
        ({"auths": [1]}, "auths is a list, not an object of registries"),
        ({"credHelpers": "x"}, "credHelpers is a string, not an object of registry: helper name"),
        ({"credHelpers": [HOST]}, "credHelpers is a list, not an object"),
        ({"credHelpers": {HOST: 5}}, "credHelpers['127.0.0.1:1'] is a number, not the name of a credential helper"),
        ({"credsStore": {"a": 1}}, "credsStore is an object, not the name of a credential helper"),
    ],
    ids=["auths-a-string", "auths-a-list", "helpers-a-string", "helpers-a-list", "helper-a-number", "store-an-object"],
)
@pytest.mark.parametrize("command", ["releases", "rollback"])
def test_a_docker_config_field_of_another_shape_is_named(
    tmp_path: Path, config: dict[str, object], said: str, command: str
) -> None:
    """``$DOCKER_CONFIG/config.json`` with ``auths`` or ``credHelpers`` a string or a list (the SDK's ``.items()``
    and ``.get()``: an AttributeError traceback), or a helper's name a number or an object ("auths[HOST] cannot be
    decoded", a field the file did not have).  One line naming the field, exit 2, before any request."""
    folder = tmp_path / "docker"
    folder.mkdir()
    (folder / "config.json").write_text(json.dumps(config))
    run = run_limited(command, "--repository", f"{HOST}/a/b", cwd=tmp_path, env={"DOCKER_CONFIG": str(folder)})
    line = one_error_line(run)
    assert line.startswith(f"error: {folder / 'config.json'}: {said}"), line


@pytest.mark.parametrize(
    "config",
    [{"auths": {}, "credHelpers": {}, "credsStore": ""}, {"credHelpers": {HOST: None}}, {"auths": None}],
    ids=["empty", "helper-null", "auths-null"],
)
def test_a_docker_config_of_empty_fields_stays_quiet(tmp_path: Path, config: dict[str, object]) -> None:
    """The twins: empty or null fields are no credentials, as before (the registry, here none, is asked)."""
    folder = tmp_path / "docker"
    folder.mkdir()
    (folder / "config.json").write_text(json.dumps(config))
    run = run_limited("releases", "--repository", f"{HOST}/a/b", cwd=tmp_path, env={"DOCKER_CONFIG": str(folder)})
    line = one_error_line(run)
    assert "config.json" not in line, line


# -- a build's engine that answers another shape ---------------------------------------------------------------------
FAKE_DOCKER = """#!/bin/sh
# a docker CLI whose buildx build writes an image id and succeeds
case "$1" in version) echo 24.0.0;; buildx) [ "$2" = version ] && exit 0
  while [ $# -gt 0 ]; do [ "$1" = --iidfile ] && printf 'sha256:%s' "$(printf 'a%.0s' $(seq 64))" > "$2"; shift; done;;
esac
exit 0
"""


@pytest.mark.parametrize(
    "history",
    [[{"CreatedBy": "RUN x", "Size": "abc"}], "x", [1, {"CreatedBy": "RUN y", "Size": 5}], [{"Size": None}]],
    ids=["size-a-word", "a-string", "an-entry-a-number", "size-null"],
)
def test_a_built_image_s_history_of_another_shape_is_no_traceback(
    engine: tuple[Engine, dict[str, str]], tmp_path: Path, history: object
) -> None:
    """`build` read the engine's history of the image it built as ``int(h.get("Size"))``: a size that is a word, a
    history that is a string or holds a number, were ValueError and AttributeError tracebacks after the build.
    Entries of another shape are left out: the build goes on to its checks (here no container runs: one line)."""
    answers, env = engine
    answers.history = history
    line = one_error_line(_build(tmp_path, env))
    assert "running a check in sha256:aaaa" in line and "no containers here" in line, line


def _build(tmp_path: Path, env: dict[str, str]) -> Run:
    """`build` of the example's branch by a docker CLI whose build succeeds, on the test engine."""
    cli = tmp_path / "docker"
    cli.write_text(FAKE_DOCKER)
    cli.chmod(0o755)
    ex = build_example(tmp_path / "ex")
    argv = ("build", "--repo", ex.fork, "--config", ex.config, "--version", "v0.27.1", "--skip-audit", "a test",
            "--skip-device-check")  # fmt: skip
    return run_limited(*argv, cwd=tmp_path, env={**env, "AEON_DOCKER_CLI": str(cli)}, timeout=TIMEOUT)


@pytest.mark.parametrize("created", [{}, [1], {"Id": 7}], ids=["no-id", "a-list", "id-a-number"])
def test_a_check_container_of_no_id_is_one_line(
    engine: tuple[Engine, dict[str, str]], tmp_path: Path, created: object
) -> None:
    """The container the build's checks run in, made with no id (``container["Id"]``: a KeyError or a TypeError
    traceback).  One line naming the image, exit 2."""
    answers, env = engine
    answers.created = created
    line = one_error_line(_build(tmp_path, env))
    assert "the Docker engine made a container of no id" in line, line


@pytest.mark.parametrize("waited", ["x", [0]], ids=["a-string", "a-list"])
def test_a_check_container_s_exit_of_another_shape_is_no_traceback(
    engine: tuple[Engine, dict[str, str]], tmp_path: Path, waited: object
) -> None:
    """The check container's exit status that is no object (``status.get``: an AttributeError traceback) is no pass:
    the build goes on to its checks of the image (here the test engine's image names no platform: exit 1)."""
    answers, env = engine
    answers.created, answers.waited = {"Id": "c" * 64}, waited
    run = _build(tmp_path, env)
    assert run.code == 1 and "Traceback" not in run.err and "the build was for" in run.err, run.err


SECRET = "dXNlcjpzM2NyZXRQYXNz"  # base64 of user:s3cretPass


@pytest.mark.parametrize(
    "config",
    [
        {"credHelpers": {HOST: {"auth": SECRET}}},
        {"auths": [SECRET]},
        {"auths": SECRET},
        {"credsStore": [SECRET]},
    ],
    ids=["helper-an-object", "auths-a-list", "auths-a-string", "store-a-list"],
)
def test_a_docker_config_field_of_another_shape_is_named_by_its_kind_never_its_value(
    tmp_path: Path, config: dict[str, object]
) -> None:
    """The field of another shape was printed whole (`credHelpers['HOST'] is {'auth': 'dXNl...'}`): config.json holds
    credentials, and what a misplaced field holds is as likely a token as anything.  Its kind is named instead."""
    folder = tmp_path / "docker"
    folder.mkdir()
    (folder / "config.json").write_text(json.dumps(config))
    run = run_limited("releases", "--repository", f"{HOST}/a/b", cwd=tmp_path, env={"DOCKER_CONFIG": str(folder)})
    line = one_error_line(run)
    assert SECRET not in run.out + run.err and str(folder / "config.json") in line, line


@pytest.mark.parametrize(
    "config",
    ['{"auths": "' + SECRET + '"}', '{"auths": {"h": {"auth": "!!notb64"}}}', "[]", '"str"', '{"proxies": "x"}'],
    ids=["auths-a-string", "auth-no-base64", "a-list", "a-string", "proxies-a-string"],
)
def test_a_docker_config_the_sdk_cannot_read_is_one_line_naming_it(tmp_path: Path, config: str) -> None:
    """The docker SDK reads config.json again as it makes its client, trusting its shape: `image-report` (and build,
    publish) crashed with an AttributeError or TypeError traceback, and an `auth` that is no base64 was said to be
    a DOCKER_HOST the client cannot read.  One line naming the file, exit 2, no secret."""
    folder = tmp_path / "docker"
    folder.mkdir()
    (folder / "config.json").write_text(config)
    run = run_limited("image-report", "busybox:1", cwd=tmp_path, env={"DOCKER_CONFIG": str(folder)})
    line = one_error_line(run)
    # an `auths` string is named by the field since sweep 44 (read before the SDK makes its client)
    said = (
        "auths is a string, not an object" if config.startswith('{"auths": "') else "the Docker client cannot read it"
    )
    assert line.startswith(f"error: {folder / 'config.json'}: {said}"), line
    assert run.code == 2 and SECRET not in run.out + run.err
