"""The only docker-SDK importer.

Images, containers and the engine go in by name or id; plain values come out (ids, sizes, label
dicts, byte chunks), never SDK objects.  The engine is found the way the docker CLI finds it
(``docker.from_env``: ``DOCKER_HOST``, ``DOCKER_TLS_VERIFY``, ``DOCKER_CERT_PATH``), so
``DOCKER_HOST=ssh://user@spark`` drives a remote build machine from a laptop.  An engine that does not
answer is a ServiceError (exit 2) with a hint, never a traceback.
"""

from __future__ import annotations

import binascii
import contextlib
import io
import os
import re
import socket
import stat
import subprocess
import tarfile
import warnings
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import docker
import docker.auth
import docker.credentials
import docker.credentials.errors
import docker.credentials.utils
import docker.errors
import docker.utils.config
import requests
import requests.utils
import urllib3.exceptions

from aeon_release import grammar
from aeon_release.adapters import files, jsonio
from aeon_release.adapters.registry import Credentials, docker_config_folder
from aeon_release.errors import ConfigError, ServiceError, StateError, UsageError, quoted, redact, register_secret


@dataclass(frozen=True)
class Layer:
    created_by: str
    size: int


@dataclass(frozen=True)
class ImageInfo:
    id: str
    size: int
    tags: tuple[str, ...]
    labels: dict[str, str]
    entrypoint: tuple[str, ...]
    architecture: str
    layers: tuple[Layer, ...]  # oldest first, empty (metadata-only) steps left out
    os: str = ""
    variant: str = ""

    @property
    def platform(self) -> str:
        return "/".join(part for part in (self.os, self.architecture, self.variant) if part)


def _docker_host() -> str:
    """Where the SDK's ``from_env`` connects: ``DOCKER_HOST``, else the engine's default socket."""
    return os.environ.get("DOCKER_HOST") or "unix:///var/run/docker.sock"


def _engine_hint() -> str:
    host = _docker_host()
    return (
        f"is the Docker engine running and reachable at {host}? start dockerd, or point "
        "DOCKER_HOST at the engine (e.g. ssh://user@spark)"
    )


@contextlib.contextmanager
def _service_errors(what: str) -> Iterator[None]:
    """Turn 'nobody answers' into a ServiceError; a refused request stays a ServiceError too."""
    try:
        yield
    except docker.errors.ImageNotFound as exc:
        raise UsageError(f"{what}: no such image ({exc.explanation})", "check the name with `docker images`") from None
    except BROKEN_STREAM as exc:
        raise _broke_off(f"{what}: ", exc) from None
    except (requests.exceptions.ConnectionError, docker.errors.DockerException, OSError) as exc:
        if isinstance(exc, docker.errors.APIError):
            raise ServiceError(f"{what}: the Docker engine refused: {exc.explanation}") from None
        if "paramiko" in str(exc):
            raise ServiceError(
                f"{what}: DOCKER_HOST=ssh://... needs the paramiko package",
                "pip install 'docker[ssh]', or tunnel the socket: ssh -NL /tmp/spark.sock:"
                "/var/run/docker.sock user@spark and DOCKER_HOST=unix:///tmp/spark.sock",
            ) from None
        raise ServiceError(f"{what}: the Docker engine does not answer ({_short(exc)})", _engine_hint()) from None


# A stream the SDK reads off the raw response (a push's progress, a save) that broke off or is no JSON: urllib3's
# own errors (a read timeout, a chunk cut short) and the SDK's parse error, none an OSError or a DockerException,
# were tracebacks of `publish` and `image-report`; a save read through requests' iter_content has them wrapped
# (ChunkedEncodingError, ContentDecodingError: OSErrors, said as "the engine does not answer" before)
BROKEN_STREAM = (
    urllib3.exceptions.HTTPError,
    docker.errors.StreamParseError,
    requests.exceptions.ChunkedEncodingError,
    requests.exceptions.ContentDecodingError,
)


def _broke_off(what: str, exc: BaseException) -> ServiceError:
    return ServiceError(
        f"{what}the Docker engine's answer broke off or is unreadable ({_short(exc)})",
        "check the engine (`docker info`, its log) and run the command again",
    )


def _short(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    return text[:160]


def _from_env(**options: Any) -> Any:
    """``docker.from_env``, with a DOCKER_HOST the SDK cannot read (``tcp://host:99999``, ``tcp://[::1``) named: the
    SDK reads it with urllib, whose ValueError was a traceback of `build`, `publish` and `release`."""
    _refuse_client_config()
    try:
        return docker.from_env(**options)
    except (AttributeError, TypeError, binascii.Error):
        # the SDK reads docker's config.json as it makes the client, trusting its shape: `"auths": "..."`, a list,
        # an `auth` that is no base64 or a number were tracebacks of image-report, build and publish
        where = docker.utils.config.find_config_file() or "docker's config.json"
        raise ConfigError(
            f"{where}: the Docker client cannot read it: a field of another shape than the docker CLI writes",
            "fix auths (an object of objects, each auth a base64 string), proxies and HttpHeaders (objects), or "
            "move the file aside and run `docker login`",
        ) from None
    except ValueError as exc:
        host = os.environ.get("DOCKER_HOST", "")
        raise UsageError(
            f"DOCKER_HOST={quoted(host, 120)} is no address the Docker client can read ({_short(exc)})",
            "set DOCKER_HOST to unix:///PATH/docker.sock, tcp://HOST:PORT or ssh://USER@HOST, or unset it",
        ) from None


def _refuse_client_config() -> None:
    """A ConfigError naming the field of docker's config.json the SDK would trip on at its first request: an
    ``auths`` entry that is no object, or ``HttpHeaders`` of another shape, sent with every request, were said as
    "the Docker engine does not answer", one header's value (a token, often) echoed in the line.  A file that is
    no JSON object is left to the SDK, which reads it as no configuration, as before."""
    _refuse_fallback_config()
    where = docker.utils.config.find_config_file()
    if where is None or not os.access(where, os.R_OK) or _read_as_nothing(Path(where)):
        return  # unreadable, a folder or /dev/null: the SDK goes on without it, as the docker CLI does
    try:
        config = jsonio.loads(files.read_capped(Path(where), where, error=ConfigError) or b"{}")
    except ValueError:
        return
    problem = client_config_problem(config) if isinstance(config, dict) else None
    if problem:
        counted = " (HttpHeaders[N]: the N-th header in the file, from 1)" if problem.startswith("HttpHeaders[") else ""
        raise ConfigError(
            f"{where}: {problem}", f"fix the field{counted}, or move the file aside and run `docker login`"
        )


def _refuse_fallback_config() -> None:
    """DOCKER_CONFIG names the one folder docker reads its config.json from; the SDK, finding no config.json
    there (the variable naming a file, a folder not made yet, an empty one), reads ~/.docker/config.json
    instead: another account's credentials and headers, sent to the engine and the registry, where the user
    named a folder to keep them out.  Refused, naming the variable and the file the SDK would read."""
    folder = docker_config_folder()
    if not folder:
        return
    own = os.path.join(folder, "config.json")
    found = docker.utils.config.find_config_file()
    if found is None or os.path.lexists(own):
        return
    why = "does not exist" if not os.path.lexists(folder) else "holds no config.json"
    raise ConfigError(
        f"DOCKER_CONFIG={quoted(folder, 200)} {why}: the Docker client would read {found} in its place",
        f"write {own} ('{{}}' for no credentials), point DOCKER_CONFIG at the folder holding yours, or unset it",
    )


def _read_as_nothing(path: Path) -> bool:
    """A folder or a device that reads as empty (/dev/null, often linked there to keep credentials off a machine):
    the SDK reads either as no configuration, and the commands ran as before.  A FIFO, a socket or a device that
    never ends (/dev/zero) would hold the SDK's read for good: left to ``read_capped``, which refuses them."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return True
    if stat.S_ISDIR(mode) or not stat.S_ISCHR(mode):
        return stat.S_ISDIR(mode)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return False
    try:
        return os.read(fd, 1) == b""
    except OSError:  # a terminal with nothing typed (EAGAIN): the SDK's read would wait for it
        return False
    finally:
        os.close(fd)


def client_config_problem(config: Mapping[str, Any]) -> str | None:
    """The first field of a docker config.json of another shape than the docker CLI writes, its value named by its
    kind (values may be secrets), or None."""
    auths, headers = config.get("auths"), config.get("HttpHeaders")
    if auths is not None and not isinstance(auths, dict):
        return f"auths is {jsonio.kind(auths)}, not an object of registries"
    for host, entry in (auths or {}).items():
        if not isinstance(entry, dict):
            return f"auths[{quoted(host)}] is {jsonio.kind(entry)}, not an object (of an auth or identitytoken)"
    if headers is not None and not isinstance(headers, dict):
        return f"HttpHeaders is {jsonio.kind(headers)}, not an object of header names and values"
    problems = (
        _header_problem(index, str(name), value) for index, (name, value) in enumerate((headers or {}).items(), 1)
    )
    return next(filter(None, problems), None)


def _header_problem(index: int, name: str, value: object) -> str | None:
    """What is wrong with the ``index``-th header (from 1), named by its position and, when its name is a token,
    by its name; never by its value, nor by a name that is no token (a header written whole in the name,
    ``"Authorization: Bearer ..."``, holds its secret there)."""
    where = f"HttpHeaders[{index}]"
    if not _TOKEN.fullmatch(name):
        return f"{where}{_name_head(name)} is no HTTP header name (letters, digits and !#$%&'*+-.^_`|~ only)"
    where += f" ({quoted(name)})"
    if not isinstance(value, str):
        return f"{where} is {jsonio.kind(value)}, not a string"
    if name.lower() in _FRAMING_HEADERS:
        # the SDK sends it with every request: a Content-Length of 100 on a bodiless GET held the engine's answer
        # (and the command) for the client's 600 s timeout
        return f"{where} is a header the HTTP client sets itself (it frames or routes each request)"
    try:
        value.encode("latin-1")
        requests.utils.check_header_validity((name, value))
    except (UnicodeEncodeError, requests.exceptions.InvalidHeader):
        return f"{where} is no HTTP header value (a line break, leading space or a character outside Latin-1)"
    return None


_TOKEN = re.compile(r"[!#$%&'*+\-.^_`|~0-9A-Za-z]+")  # RFC 9110 section 5.6.2: a field name is a token
_FRAMING_HEADERS = frozenset(
    {"content-length", "transfer-encoding", "host", "connection", "expect", "upgrade", "keep-alive", "te", "trailer"}
)


def _name_head(name: str) -> str:
    """`` (a name starting 'Authorization')``: the text before a header name's first ``:`` or space, when it is a
    token; nothing else of the name (what follows may be a secret)."""
    head = re.split(r"[:\s]", name, maxsplit=1)[0]
    return f" (a name starting {quoted(head)})" if head != name and _TOKEN.fullmatch(head) else ""


def _knock(host: str) -> None:
    """A unix socket nobody listens on fails here, with our socket closed: the SDK's failed connect
    leaves its socket to the garbage collector (a ResourceWarning)."""
    if host.startswith("unix://"):
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as probe:
            probe.settimeout(5)
            probe.connect(host.removeprefix("unix://"))


class Engine:
    """A connection to one Docker engine.  Use ``with Engine.connect() as engine:``."""

    def __init__(self, client: Any) -> None:
        self._client = client
        self._api = client.api

    @classmethod
    @contextlib.contextmanager
    def connect(cls) -> Iterator[Engine]:
        # ssh:// goes through the system ssh client (keys, agent, ~/.ssh/config), not paramiko.
        over_ssh = os.environ.get("DOCKER_HOST", "").startswith("ssh://")
        with _service_errors("connecting to Docker"):
            _knock(_docker_host())
            client = _from_env(timeout=600, use_ssh_client=over_ssh)
        try:
            with _service_errors("connecting to Docker"):
                client.ping()
            yield cls(client)
        finally:
            client.close()

    def version(self) -> str:
        with _service_errors("docker version"):
            return str(self._client.version().get("Version", "?"))

    def platform(self) -> str:
        """The engine's own OS/ARCH: what a build without --platform targets."""
        with _service_errors("docker version"):
            info = self._client.version()
        return f"{info.get('Os', 'linux')}/{info.get('Arch', '?')}"

    # -- images ---------------------------------------------------------------------------------
    def exists(self, ref: str) -> bool:
        try:
            with _service_errors(f"inspecting {ref}"):
                self._api.inspect_image(ref)
        except UsageError:
            return False
        return True

    def import_rootfs(self, rootfs_tar: bytes, ref: str, changes: list[str] | None = None) -> None:
        """`docker import`: an image from a root filesystem tarball (a base image with no internet)."""
        repository, _, tag = ref.rpartition(":")
        with _service_errors(f"importing {ref}"):
            self._api.import_image_from_data(rootfs_tar, repository=repository, tag=tag, changes=changes)

    def inspect(self, ref: str) -> ImageInfo:
        with _service_errors(f"inspecting image {ref}"):
            attrs = _image_attrs(self._api.inspect_image(ref), ref)
            history = [h for h in _listed(self._api.history(ref)) if isinstance(h, dict)]
        config = attrs.get("Config")
        config = config if isinstance(config, dict) else {}
        layers = tuple(
            Layer(str(h.get("CreatedBy", "")), _count(h.get("Size")))
            for h in reversed(history)
            if _count(h.get("Size")) > 0 or _makes_layer(h)
        )
        return ImageInfo(
            id=attrs["Id"],
            size=_count(attrs.get("Size")),
            tags=tuple(str(t) for t in _listed(attrs.get("RepoTags"))),
            labels=_strings(config.get("Labels")),
            entrypoint=_words(config.get("Entrypoint")),
            architecture=str(attrs.get("Architecture", "")),
            layers=layers,
            os=str(attrs.get("Os", "")),
            variant=str(attrs.get("Variant", "") or ""),
        )

    def remove(self, ref: str) -> None:
        with contextlib.suppress(UsageError), _service_errors(f"removing image {ref}"):
            self._api.remove_image(ref, force=True)

    def save(self, ref: str) -> Iterator[bytes]:
        """`docker save` of one image, as a stream of byte chunks (never all in memory)."""
        with _service_errors(f"saving image {ref}"):
            self._api.inspect_image(ref)
            stream = self._api.get_image(ref, chunk_size=1 << 20)
        with _service_errors(f"saving image {ref}"):
            try:
                yield from stream
            finally:
                for _ in stream:  # a reader that stops early: drain, so the connection is released
                    pass

    # -- containers -----------------------------------------------------------------------------
    def run_files(self, image: str, files: dict[str, bytes], argv: list[str], timeout: int = 300) -> tuple[int, str]:
        """Copy ``files`` into a fresh container of ``image`` at /, run ``argv`` (no network,
        entrypoint overridden), return (exit status, output); the container is always removed."""
        with _service_errors(f"running a check in {image}"):
            container = self._api.create_container(image, command=argv[1:], entrypoint=[argv[0]], network_disabled=True)
            cid = container.get("Id") if isinstance(container, dict) else None
            if not isinstance(cid, str) or not cid:
                raise ServiceError(
                    f"running a check in {image}: the Docker engine made a container of no id (an answer of {jsonio.kind(container)})",
                    "check the engine (`docker info`, its log) and run the command again",
                )
            try:
                self._api.put_archive(cid, "/", _tar_of(files))
                self._api.start(cid)
                status = self._api.wait(cid, timeout=timeout)
                output = self._output(cid, image)
            finally:
                self._api.remove_container(cid, force=True)
        code = status.get("StatusCode") if isinstance(status, dict) else None
        return (code if isinstance(code, int) and not isinstance(code, bool) else -1), output

    def _output(self, cid: str, image: str) -> str:
        """A finished container's output, read as a stream up to CHECK_OUTPUT_BYTES: the SDK's ``logs`` read it
        whole into memory (and a string of it again), so an image whose shell printed without end in the check's
        minutes filled the build machine's memory."""
        stream = self._api.logs(cid, stdout=True, stderr=True, stream=True)
        kept: list[bytes] = []
        size = 0
        try:
            for chunk in stream:
                kept.append(chunk)
                size += len(chunk)
                if size > CHECK_OUTPUT_BYTES:
                    raise TooMuchOutput(
                        f"running a check in {image}: it printed more than {CHECK_OUTPUT_BYTES >> 20} MiB, and was not read on",
                        "run the image's shell by hand (`docker run --rm -it IMAGE /bin/sh`): its profile or the "
                        "check's commands print without end",
                    )
        finally:
            stream.close()
        return b"".join(kept).decode("utf-8", "replace")


class TooMuchOutput(StateError):
    """A check container that printed past CHECK_OUTPUT_BYTES: the image's shell (or its profile) prints without
    end, a verdict on the image the build gives as any failed check (its report, its record, the image removed)."""


CHECK_OUTPUT_BYTES = 16 << 20  # of a check container's output: the load-bearing check prints a line a part


def _makes_layer(entry: dict[str, Any]) -> bool:
    """A zero-byte RUN/COPY still makes a layer; metadata steps (ENV, LABEL...) do not."""
    created_by = str(entry.get("CreatedBy", ""))
    return "#(nop)" not in created_by or " COPY " in created_by or " ADD " in created_by


def _tar_of(files: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w") as tar:
        for name, data in files.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            info.mode = 0o755
            tar.addfile(info, io.BytesIO(data))
    return buffer.getvalue()


# -- publishing: inspect a local image, tag it, push it with credentials --------------------


@dataclass(frozen=True)
class LocalImage:
    ref: str
    id: str
    labels: Mapping[str, str] = field(default_factory=dict)
    repo_digests: tuple[str, ...] = ()
    created: str = ""  # the engine's creation time stamp (RFC 3339), as it says it


@contextlib.contextmanager
def _client() -> Iterator[Any]:
    host = _docker_host()
    try:
        _knock(host)  # as connect does: the SDK's failed connect left its socket to the gc (a ResourceWarning)
    except OSError as exc:
        raise ServiceError(
            f"the Docker engine is unreachable: {host}: {exc.strerror or type(exc).__name__}",
            "start dockerd or set DOCKER_HOST",
        ) from None
    try:
        client = _from_env()
    except docker.errors.DockerException as exc:
        raise ServiceError(f"the Docker engine is unreachable: {exc}", "start dockerd or set DOCKER_HOST") from None
    try:
        yield client
    except docker.errors.APIError as exc:
        raise ServiceError(f"the Docker engine refused: {redact(str(exc))}") from None
    except (requests.exceptions.RequestException, *BROKEN_STREAM) as exc:
        raise _broke_off("", exc) from None
    except docker.errors.DockerException as exc:
        raise ServiceError(f"the Docker engine is unreachable: {exc}", "start dockerd or set DOCKER_HOST") from None
    finally:
        client.close()


def config_credentials(config: dict[str, Any], host: str, path: Path) -> tuple[str, str] | None:
    """(user, password) for ``host`` from a Docker config.json, as the docker CLI resolves it."""
    import docker.auth

    _refuse_shapes(config, host, path)
    try:
        auths = docker.auth.parse_auth(config.get("auths") or {}, raise_on_error=True)
        with warnings.catch_warnings():
            # The SDK warns that a helper is not on PATH, then raises StoreError: the error says it.
            warnings.simplefilter("ignore", UserWarning)
            found = _BoundedAuthConfig({**config, "auths": auths}).resolve_authconfig(host)
    except _HelperAnswer as exc:
        raise ConfigError(
            f"{path}: the credential helper for {host} ({exc.program}) {exc.what}",
            "check the credsStore / credHelpers entry: `echo HOST | docker-credential-NAME get` must print its JSON",
        ) from None
    except docker.errors.InvalidConfigFile as exc:
        raise ConfigError(f"{path}: {_short(exc)}", f"run `docker login {host}`") from None
    except docker.errors.DockerException as exc:  # the helper failed or is missing
        raise ConfigError(
            f"{path}: the credential helper for {host} failed: {_short(exc)}",
            "check the credsStore / credHelpers entry and that docker-credential-<name> is on PATH",
        ) from None
    except (ValueError, TypeError) as exc:
        raise ConfigError(
            f"{path}: auths[{host}] cannot be decoded ({type(exc).__name__})", f"run `docker login {host}`"
        ) from None
    if not found:
        return None
    if found.get("IdentityToken"):
        raise ConfigError(
            f"{path}: {host} is logged in with an identity token, which aeon-release cannot use",
            "pass --username with --password-stdin",
        )
    user, password = found.get("Username") or found.get("username"), found.get("Password") or found.get("password")
    if not user or not password:
        return None
    register_secret(str(password))
    return str(user), str(password)


# config.json's fields the SDK reads as these shapes (what the docker CLI's JSON decoding refuses otherwise): a
# string for `auths` or `credHelpers` was an AttributeError traceback, a helper's name of another kind was called
# "auths[HOST] cannot be decoded", a field the file may not even have
_SHAPES = (("auths", dict, "an object of registries"), ("credHelpers", dict, "an object of registry: helper name"))


def _refuse_shapes(config: dict[str, Any], host: str, path: Path) -> None:
    """A ConfigError naming the first field of ``config`` of another shape than the docker CLI reads."""
    hint = f"fix the field, or move the file aside and run `docker login {host}`"
    for key, kind, what in _SHAPES:
        if config.get(key) is not None and not isinstance(config[key], kind):
            raise ConfigError(f"{path}: {key} is {jsonio.kind(config[key])}, not {what}", hint)
    helpers = {"credsStore": config.get("credsStore")}
    helpers.update((f"credHelpers[{quoted(name)}]", value) for name, value in (config.get("credHelpers") or {}).items())
    for key, value in helpers.items():
        if value is not None and not isinstance(value, str):
            raise ConfigError(f"{path}: {key} is {jsonio.kind(value)}, not the name of a credential helper", hint)


HELPER_SECONDS = 120.0  # for a credential helper to answer (one at a terminal may ask a passphrase there)
HELPER_BYTES = 1 << 20  # of a credential helper's answer (its JSON: a user and a token of a few kB)


class _HelperAnswer(Exception):
    """A credential helper that did not answer (in time, or with its JSON)."""

    def __init__(self, program: str, what: str) -> None:
        super().__init__(what)
        self.program, self.what = program, what


class _BoundedStore(docker.credentials.Store):  # type: ignore[misc]
    """The SDK's credential store, its helper run as git's programs are (adapters.process.bounded_run): stopped after
    HELPER_SECONDS with what it started, and with the run on Ctrl-C or a signal.  The SDK waits for the helper with
    no end: a ``docker-credential-*`` waiting on a keyring that never unlocks (no D-Bus in CI, Docker Desktop not
    running) held ``releases``, ``publish`` and ``release`` for good.  An answer that is no JSON is named as the
    helper's, not as an ``auths`` entry of config.json."""

    def get(self, server: Any) -> Any:
        try:
            return super().get(server)
        except ValueError:  # json.loads of its answer
            raise _HelperAnswer(self.program, "answered with no JSON") from None

    def _execute(self, subcmd: str, data_input: bytes | None) -> bytes:
        from aeon_release.adapters.process import TIMED_OUT, TOO_MUCH_OUTPUT, bounded_run, has_terminal

        if self.exe is None:
            raise docker.credentials.StoreError(f"{self.program} not installed or not available in PATH")
        done = bounded_run(
            [self.exe, subcmd],
            seconds=HELPER_SECONDS,
            cwd=Path(os.sep),
            env=docker.credentials.utils.create_environment_dict(self.environment),
            input=data_input or b"",
            own_session=not has_terminal(),  # at a terminal it may ask there, as under the docker CLI
            max_output=HELPER_BYTES,  # the SDK read its answer whole: one printing without end filled the memory
        )
        if done.returncode == TIMED_OUT:
            raise _HelperAnswer(self.program, f"did not answer within {HELPER_SECONDS:g} s and was stopped")
        if done.returncode == TOO_MUCH_OUTPUT:
            raise _HelperAnswer(self.program, f"printed more than {HELPER_BYTES >> 10:,} kB and was stopped")
        if done.returncode != 0:
            failed = subprocess.CalledProcessError(done.returncode, [self.exe, subcmd], output=done.stdout)
            raise docker.credentials.errors.process_store_error(failed, self.program)
        return bytes(done.stdout)


class _BoundedAuthConfig(docker.auth.AuthConfig):  # type: ignore[misc]
    """The SDK's resolution (credHelpers, credsStore, auths) with its helpers run by _BoundedStore."""

    def _get_store_instance(self, name: str) -> Any:
        if name not in self._stores:
            self._stores[name] = _BoundedStore(name, environment=self._credstore_env)
        return self._stores[name]


def local_image(ref: str) -> LocalImage:
    """The local image ``ref``: its id, labels and the digests it is known by in registries."""
    with _client() as client:
        try:
            attrs = client.api.inspect_image(ref)
        except docker.errors.ImageNotFound:
            raise StateError(
                f"image {ref} does not exist in the local Docker engine",
                "build it first (`aeon-release build`) or pass the right --image",
            ) from None
    attrs = _image_attrs(attrs, ref)
    config = attrs.get("Config")
    created = attrs.get("Created")
    return LocalImage(
        ref,
        attrs["Id"],
        _strings(config.get("Labels") if isinstance(config, dict) else None),
        tuple(str(d) for d in _listed(attrs.get("RepoDigests"))),
        created if isinstance(created, str) else "",
    )


def _image_attrs(attrs: object, ref: str) -> dict[str, Any]:
    """An engine's inspection of an image, checked to be an object naming the image's id (engine answers of another
    shape were KeyError, AttributeError and ValueError tracebacks of `publish` and `build`)."""
    if not isinstance(attrs, dict) or not isinstance(attrs.get("Id"), str) or not attrs["Id"]:
        raise ServiceError(
            f"the Docker engine's inspection of {ref} names no image id (an answer of {jsonio.kind(attrs)})",
            "check the engine (`docker image inspect IMAGE`) and run the command again",
        )
    return attrs


def _words(value: object) -> tuple[str, ...]:
    """An entrypoint: a list of words, or one command line."""
    return (value,) if isinstance(value, str) else tuple(str(word) for word in _listed(value))


def _strings(value: object) -> dict[str, str]:
    """An engine's label mapping as the strings labels are (another shape is no labels: the checks then say what
    they miss)."""
    return {str(k): str(v) for k, v in value.items()} if isinstance(value, dict) else {}


def _listed(value: object) -> list[object]:
    return value if isinstance(value, list) else []


@dataclass(frozen=True)
class PushEvent:
    """One layer's state during a push (``current``/``total`` bytes while it uploads)."""

    layer: str
    status: str
    current: int = 0
    total: int = 0

    @property
    def done(self) -> bool:
        """The registry has the layer: pushed now, there already, or mounted from another repository."""
        return self.status in ("Pushed", "Layer already exists") or self.status.startswith("Mounted from")


def push(
    image_id: str,
    repository: str,
    tag: str,
    credentials: Credentials | None,
    on_event: Callable[[PushEvent], None] | None = None,
) -> str:
    """Tag the image ``repository:tag`` and push it; returns the manifest digest the push reported."""
    with _client() as client:
        if not client.api.tag(image_id, repository, tag):
            raise ServiceError(f"the Docker engine could not tag {image_id[:19]} as {repository}:{tag}")
        auth = None
        if credentials is not None:
            auth = {
                "username": credentials.username,
                "password": credentials.password,
                "serveraddress": repository.split("/", 1)[0],
            }
        stream = client.api.push(repository, tag=tag, stream=True, decode=True, auth_config=auth)
        return _digest_from_stream(stream, f"{repository}:{tag}", on_event)


def _digest_from_stream(stream: Any, target: str, on_event: Callable[[PushEvent], None] | None = None) -> str:
    """The pushed manifest's digest from the engine's push stream; each layer's state goes to ``on_event``."""
    digest = None
    for line in stream:
        if not isinstance(line, dict):  # the engine writes one JSON object a line
            raise ServiceError(
                f"pushing {target}: the Docker engine answered a line that is no JSON object: {quoted(line)}",
                "check the engine (`docker info`, its log) and run the command again",
            )
        if line.get("error") or line.get("errorDetail"):
            said = line.get("errorDetail")
            detail = line.get("error") or (said.get("message", "") if isinstance(said, dict) else said)
            raise ServiceError(
                f"pushing {target} failed: {redact(str(detail))}",
                "check the registry, the credentials and that it is running",
            )
        aux = line.get("aux") or {}
        if isinstance(aux, dict) and grammar.SHA256_DIGEST.fullmatch(str(aux.get("Digest", ""))):
            digest = str(aux["Digest"])
        if on_event is not None and line.get("id") and line.get("status"):
            detail = line.get("progressDetail")
            detail = detail if isinstance(detail, dict) else {}
            on_event(
                PushEvent(
                    str(line["id"]), str(line["status"]), _count(detail.get("current")), _count(detail.get("total"))
                )
            )
    if digest is None:
        raise ServiceError(f"pushing {target} reported no digest", "retry the publish")
    return digest


def _count(value: object) -> int:
    """A byte count of the push's progress: what is no whole number of bytes counts as none."""
    return value if isinstance(value, int) and not isinstance(value, bool) and value >= 0 else 0
