"""A small client for the registry HTTP API v2 (over ``requests``, redirects and credentials by hand).

Reads manifests and their digests, puts the SAME manifest bytes under another tag (so that
`:latest` gets the dated tag's digest, not a re-serialised twin), lists tags.  Authentication
follows the registry's `WWW-Authenticate` challenge: Basic (distribution with htpasswd) or Bearer
with a token from the realm (ghcr.io, Docker Hub, distribution with token auth).

Credentials are registered as secrets as soon as they are known, so that no message, report or
traceback can carry them.
"""

from __future__ import annotations

import base64
import datetime
import email.utils
import hashlib
import os
import re
import threading
import time
import urllib.parse
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import requests

from aeon_release import grammar
from aeon_release.adapters import files, jsonio
from aeon_release.adapters.console import plain, say_progress
from aeon_release.adapters.deadline import within
from aeon_release.errors import ConfigError, ServiceError, UsageError, credentials_in_url, quoted, register_secret

# The manifest kinds we accept, most specific last; a tag may hold any of them.
MANIFEST_TYPES = (
    "application/vnd.oci.image.index.v1+json",
    "application/vnd.docker.distribution.manifest.list.v2+json",
    "application/vnd.oci.image.manifest.v1+json",
    "application/vnd.docker.distribution.manifest.v2+json",
)
_ACCEPT = ", ".join(MANIFEST_TYPES)

_REPO_HINT = "a repository is REGISTRY/NAME such as ghcr.io/team/app or 127.0.0.1:5000/team/app"


@dataclass(frozen=True)
class Repository:
    """``REGISTRY/NAME``: the registry host (with its port) and the repository name in it."""

    host: str
    name: str

    def __str__(self) -> str:
        return f"{self.host}/{self.name}"

    @property
    def loopback(self) -> bool:
        hostname = self.host.rsplit(":", 1)[0] if self.host.count(":") == 1 else self.host
        return hostname == "localhost" or hostname.startswith("127.") or hostname == "[::1]"

    @property
    def base_url(self) -> str:
        # Loopback registries speak plain HTTP, as dockerd allows for 127.0.0.0/8.
        return f"{'http' if self.loopback else 'https'}://{self.host}"

    def pinned(self, digest: str) -> str:
        return f"{self}@{digest}"


def parse_repository(text: str) -> Repository:
    """Validate ``REGISTRY/NAME`` before anything touches the network."""
    host, _, name = text.partition("/")
    if not grammar.names_a_registry(text):
        raise UsageError(f"repository {quoted(text)} is not a valid REGISTRY/NAME", _REPO_HINT)
    try:  # the name's grammar takes any digits; a connection takes 1-65535 (urllib raises past it)
        port = urllib.parse.urlsplit(f"http://{host}").port
    except ValueError:
        port = 0
    if port == 0:
        raise UsageError(f"repository {quoted(text)}: its registry's port is not 1-65535", _REPO_HINT)
    return Repository(host, name)


@dataclass(frozen=True)
class Credentials:
    username: str
    password: str = field(repr=False)

    def __post_init__(self) -> None:
        register_secret(self.password)
        register_secret(self._basic())

    def _basic(self) -> str:
        return base64.b64encode(f"{self.username}:{self.password}".encode()).decode()

    def basic_header(self) -> str:
        return f"Basic {self._basic()}"


def resolve_credentials(
    host: str, username: str | None, password: str | None, docker_config: Path | None = None
) -> Credentials | None:
    """``--username`` with a password (stdin or AEON_REGISTRY_PASSWORD), else the Docker config."""
    register_secret(password)
    if (
        username and ":" in username
    ):  # Basic auth's user-id ends at the first colon (RFC 7617): the rest went as password
        raise UsageError(
            f"--username {quoted(username)} holds a ':', which HTTP Basic authentication cannot carry",
            "use the registry's user name without the colon (a token's name, or the account's login)",
        )
    if username and password:
        return Credentials(username, password)
    if username:
        raise UsageError(
            f"--username {username} needs a password", "pipe it to --password-stdin or set AEON_REGISTRY_PASSWORD"
        )
    if password:
        raise UsageError("a registry password was given without --username", "pass --username as well")
    path = docker_config or _docker_config_path()
    return _from_docker_config(host, path) if path is not None else None


def _docker_config_path() -> Path | None:
    """$DOCKER_CONFIG/config.json, else ~/.docker/config.json; None where there is no home folder: no
    $HOME and a user id no passwd entry names (a container run as an arbitrary uid, as OpenShift and
    ``docker run --user 1001`` do), where ``Path.home()`` raised and ``releases`` crashed."""
    folder = docker_config_folder()
    if folder:
        # a device there (DOCKER_CONFIG=/dev/null) holds no config.json, as docker reads it
        return None if os.path.exists(folder) and not os.path.isdir(folder) else Path(folder) / "config.json"
    try:
        home = Path.home()
    except RuntimeError:  # "Could not determine home directory."
        return None
    # HOME=/dev/null (a CI step that keeps every tool's configuration out) has no ~/.docker, as docker reads it:
    # it was "/dev/null/.docker/config.json: cannot be read: Not a directory", exit 2
    return home / ".docker" / "config.json" if home.is_dir() else None


def docker_config_folder() -> str:
    """$DOCKER_CONFIG ("" when unset), refused when it names a file: `DOCKER_CONFIG=~/.docker/config.json`, the
    file for its folder, was "config.json/config.json: cannot be read: Not a directory", naming neither the
    variable nor the mix-up."""
    folder = os.environ.get("DOCKER_CONFIG", "")
    if folder and os.path.isfile(folder):
        raise ConfigError(
            f"DOCKER_CONFIG={quoted(folder)} is a file, not a folder",
            "DOCKER_CONFIG names the folder holding config.json (as ~/.docker does), not the file; or unset it",
        )
    return folder


def _from_docker_config(host: str, path: Path) -> Credentials | None:
    """What `docker push` would use: ``credHelpers``, ``credsStore``, then ``auths`` (the docker
    SDK's resolution, which runs ``docker-credential-*`` helpers by their protocol)."""
    try:  # capped, a regular file: a FIFO or /dev/zero as $DOCKER_CONFIG/config.json held releases and publish
        raw = files.read_capped(path, str(path), error=ConfigError)
        if raw is None:
            return None
        data = jsonio.loads(raw)
    except (OSError, ValueError) as exc:
        raise ConfigError(f"{path}: cannot be read as JSON: {type(exc).__name__}", "fix or remove the file") from None
    if not isinstance(data, dict):
        raise ConfigError(f"{path}: is not a JSON object", "fix or remove the file")
    from aeon_release.adapters.docker import config_credentials

    found = config_credentials(data, host, path)
    return Credentials(*found) if found else None


@dataclass(frozen=True)
class Manifest:
    digest: str
    media_type: str
    body: bytes = field(repr=False)

    def config_digest(self) -> str | None:
        """The image config digest (= the local image id) of a single-image manifest."""
        try:
            config = jsonio.loads(self.body).get("config") or {}
        except (ValueError, AttributeError):
            return None
        digest = config.get("digest") if isinstance(config, dict) else None
        return digest if isinstance(digest, str) else None


@dataclass(frozen=True)
class _Response:
    status: int
    headers: Mapping[str, str]
    body: bytes
    url: str = ""  # where the answer came from, after redirects


MAX_REDIRECTS = 5
MAX_BODY = 4 * 1024 * 1024  # distribution refuses manifests over 4 MiB; a tag list page is far smaller
MAX_TOKEN = 64 * 1024  # a bearer token is a header: servers take 8-16 KiB of them; JWTs are 1-3 KiB
_HEADER_TOKEN = re.compile(r"[!-~]+")  # visible ASCII: what a header value carries as it is
_REDIRECTS = (301, 302, 303, 307, 308)
# A 429's Retry-After up to RETRY_WAIT seconds is waited out and the request sent once more, at most RETRY_BUDGET
# seconds of such waits a run (a tag list of 1,000 pages must not wait 1,000 times); a longer one is told.
RETRY_WAIT = 10.0
RETRY_BUDGET = 30.0


class _WaitBudget:
    """The seconds this process may still wait out for 429 answers: one budget a run, whatever number of registry
    clients it makes (a publish makes three or four; a budget each let it wait two minutes, not 30 s)."""

    def __init__(self, seconds: float) -> None:
        self.left = seconds
        self._lock = threading.Lock()

    def take(self, seconds: float) -> bool:
        with self._lock:
            if seconds > self.left:
                return False
            self.left -= seconds
            return True


_RUN_WAITS = _WaitBudget(RETRY_BUDGET)


def _origin(url: str) -> tuple[str, str, int]:
    """(scheme, host, port) of an address.  One the registry named (a ``Location``, a ``Link``, a token
    realm) that does not parse, a port past 65535 or a ``[`` that does not close, is the registry's
    fault: urllib's ValueError was a traceback in `releases`, `verify` and `rollback`."""
    try:
        parts = urllib.parse.urlsplit(url)
        port = parts.port or (443 if parts.scheme == "https" else 80)
    except ValueError as exc:
        raise _unparsable(url, exc) from None
    return parts.scheme.lower(), (parts.hostname or "").lower(), port


def _join(base: str, reference: str) -> str:
    """``reference`` (a ``Location`` or ``Link`` the registry sent) read against ``base``, checked to parse."""
    try:
        url = urllib.parse.urljoin(base, reference)
    except ValueError as exc:
        raise _unparsable(reference, exc) from None
    _refuse_credentials(url)
    _origin(url)
    return url


def _refuse_credentials(url: str) -> None:
    """ServiceError for an address the registry named with credentials in it (``user:password@host``): requests
    would send them, and the host is not looked up; the line shows neither (they are registered as secrets)."""
    if credentials_in_url(url):
        raise ServiceError(
            f"the registry named an address with credentials in it ({urllib.parse.urlsplit(url).hostname}); not followed",
            "check the registry: the addresses in its Location and Link headers and its token realm",
        )


def _unparsable(url: str | None, exc: ValueError) -> ServiceError:
    named = f": {quoted(url, 120)}" if url is not None else " (a Location header)"
    return ServiceError(
        f"the registry named an address that does not parse ({exc}){named}",
        "check the registry: the addresses in its Location and Link headers and its token realm",
    )


def _loopback_host(hostname: str) -> bool:
    return hostname == "localhost" or hostname.startswith("127.") or hostname in ("::1", "[::1]")


def _parent_domain(hostname: str) -> str:
    labels = hostname.split(".")
    return ".".join(labels[-2:]) if len(labels) >= 2 and not hostname.replace(".", "").isdigit() else hostname


class Registry:
    """One repository on one registry, with the credentials to reach it.

    HTTP goes through ``requests`` with redirects followed by hand, so that where credentials go
    is decided here, not by the client's defaults: the registry's ``Authorization`` header is only
    ever sent to the registry's own origin (scheme, host, port), never to a host a redirect names
    and never over plain HTTP (except to a loopback registry, which dockerd also reaches over HTTP).
    The Basic credentials go to the token realm the registry itself announced, only over HTTPS and
    only on the registry's own domain (``auth.docker.io`` for ``registry-1.docker.io``).  Every
    exchange has an overall deadline and a body cap.
    """

    def __init__(
        self,
        repository: Repository,
        credentials: Credentials | None = None,
        timeout: float = 15.0,
        deadline: float = 60.0,
    ) -> None:
        self.repository = repository
        self.credentials = credentials
        self.timeout = timeout
        self.deadline = deadline
        self._authorization: str | None = None
        self._session = requests.Session()
        self._session.trust_env = False  # no ~/.netrc credentials slipped into a redirected request

    # -- manifests ---------------------------------------------------------------------------
    def digest(self, reference: str) -> str | None:
        """The digest of the manifest bytes a tag serves, hashed here, or None when the tag does not exist.
        A HEAD's ``Docker-Content-Digest`` is only what the registry says: one that named the recorded
        digest and served other bytes passed `releases`' cross-check, `rollback`'s check of its dated tag
        and `verify`, and read back `:latest` as moved.  A manifest is a few KB: the GET costs no more."""
        manifest = self.manifest(reference)
        return manifest.digest if manifest is not None else None

    def manifest(self, reference: str) -> Manifest | None:
        """The manifest bytes a tag or digest points to, checked against their digest."""
        response = self._send("GET", self._manifest_path(reference), {"Accept": _ACCEPT})
        if response.status == 404:
            return None
        self._check(response, f"reading {self.repository}:{reference}")
        document = self._check_manifest(response, reference)
        digest = "sha256:" + hashlib.sha256(response.body).hexdigest()
        if reference.startswith("sha256:") and digest != reference:
            raise ServiceError(f"registry {self.repository.host} served {reference} with digest {digest}")
        media_type = response.headers.get("Content-Type", "").split(";")[0].strip()
        return Manifest(digest, media_type or _media_type_of(document), response.body)

    def _check_manifest(self, response: _Response, reference: str) -> dict[str, object]:
        """ServiceError when a tag's answer is no manifest: every manifest the registry API serves is a JSON object
        with an integer ``schemaVersion`` (Docker's 1 and 2, OCI's 2).  A proxy's login page, a captive portal's HTML
        or a 204 with no body was hashed as the tag's manifest: `releases` raised "latest ... has no dated twin
        (find out who retagged it)" for a tag no one touched, and `verify` looked for the attestation of the page.
        Returns the parsed manifest."""
        try:
            data = jsonio.loads(response.body)
        except (ValueError, RecursionError):
            data = None
        version = data.get("schemaVersion") if isinstance(data, dict) else None
        if isinstance(data, dict) and isinstance(version, int) and not isinstance(version, bool):
            return data
        kind = response.headers.get("Content-Type", "").split(";")[0].strip() or "no content type"
        raise ServiceError(
            f"registry {self.repository.host} answered {self.repository}:{reference} with no manifest "
            f"(HTTP {response.status}, {len(response.body)} bytes of {quoted(kind)})",
            "check the registry address: a proxy or a login page may be answering for it",
        )

    def put_manifest(self, tag: str, manifest: Manifest) -> str:
        """Put these exact manifest bytes under ``tag``; returns the digest the registry reports."""
        headers = {"Content-Type": manifest.media_type}
        # Never resent after a 429's wait: the caller checked the tag before this write (`:latest` held what the
        # plan saw), and a move another publisher made during the wait would be overwritten with no alarm.
        response = self._send("PUT", self._manifest_path(tag), headers, manifest.body, resend=False)
        self._check(response, f"pointing {self.repository}:{tag} at {manifest.digest}")
        return response.headers.get("Docker-Content-Digest") or manifest.digest

    # -- blobs (the attestation artifacts) ---------------------------------------------------
    def blob(self, digest: str) -> bytes | None:
        """The blob ``digest`` (checked against it), or None when the registry has none."""
        if not grammar.SHA256_DIGEST.fullmatch(digest):
            raise UsageError(f"{quoted(digest)} is not a sha256 digest")
        response = self._send("GET", f"/v2/{self.repository.name}/blobs/{digest}", {})
        if response.status == 404:
            return None
        self._check(response, f"reading blob {digest[:19]} of {self.repository}")
        if "sha256:" + hashlib.sha256(response.body).hexdigest() != digest:
            raise ServiceError(f"registry {self.repository.host} served blob {digest} with other content")
        return response.body

    def put_blob(self, data: bytes) -> str:
        """Upload ``data`` in one request (a small artifact); returns its digest."""
        digest = "sha256:" + hashlib.sha256(data).hexdigest()
        if self._send("HEAD", f"/v2/{self.repository.name}/blobs/{digest}", {}).status == 200:
            return digest
        started = self._send("POST", f"/v2/{self.repository.name}/blobs/uploads/", {"Content-Length": "0"}, b"")
        self._check(started, f"starting an upload to {self.repository}")
        location = started.headers.get("Location") or ""
        url = location + ("&" if "?" in location else "?") + urllib.parse.urlencode({"digest": digest})
        headers = {"Content-Type": "application/octet-stream", "Content-Length": str(len(data))}
        self._check(self._send("PUT", url, headers, data), f"uploading blob {digest[:19]} to {self.repository}")
        return digest

    def tags(self) -> list[str]:
        """Every tag of the repository (following the registry's pagination, on the registry only).

        A ``Link`` back to a page already read, or more than ``MAX_TAG_PAGES`` pages, is an error: a
        registry whose next page was the same page held ``releases`` for a minute of requests, then
        answered with the first 1,000 pages as if they were all (a tag missing from the list is an
        alarm not raised)."""
        path: str | None = f"/v2/{self.repository.name}/tags/list?n=1000"
        found: list[str] = []
        seen: set[str] = set()
        while path:
            if path in seen or len(seen) >= MAX_TAG_PAGES:
                again = path in seen
                raise ServiceError(
                    f"registry {self.repository.host} listing the tags of {self.repository}: "
                    + (f"its next page is one it sent already ({quoted(path, 120)})" if again else
                       f"more than {MAX_TAG_PAGES} pages"),
                    "the registry's tag list does not end: check the registry (its Link headers)",
                )  # fmt: skip
            seen.add(path)
            response = self._send("GET", path, {"Accept": "application/json"})
            if response.status == 404:
                return found
            self._check(response, f"listing the tags of {self.repository}")
            tags = _json(response.body, self.repository.host).get("tags")
            if tags is not None and not isinstance(tags, list):  # `{"tags": 5}` was a TypeError traceback
                raise ServiceError(
                    f"registry {self.repository.host} listing the tags of {self.repository}: its tags are "
                    f"{type(tags).__name__}, not a list",
                    "the registry does not speak the registry API here: check the registry address",
                )
            found.extend(t for t in tags or [] if isinstance(t, str))
            path = _next_link(response.headers.get("Link"))
        return found

    def _manifest_path(self, reference: str) -> str:
        if not (grammar.TAG.fullmatch(reference) or grammar.SHA256_DIGEST.fullmatch(reference)):
            raise UsageError(f"{quoted(reference)} is not a valid tag or digest")
        return f"/v2/{self.repository.name}/manifests/{reference}"

    # -- transport and authentication --------------------------------------------------------
    def _send(
        self, method: str, path: str, headers: dict[str, str], data: bytes | None = None, resend: bool = True
    ) -> _Response:
        url = _join(self.repository.base_url + "/", path)
        if _origin(url) != _origin(self.repository.base_url):
            raise ServiceError(f"registry {self.repository.host} pointed a page at another host: {url[:120]}")
        response = self._limited(lambda: self._exchange(method, url, headers, data, self._authorization), resend)
        if response.status != 401:
            return response
        if _origin(response.url) != _origin(self.repository.base_url):
            raise ServiceError(
                f"registry {self.repository.host} redirected to {_origin(response.url)[1]}, which asked for "
                "credentials; none were sent",
                "check the registry address",
            )
        self._authorization = self._authorize(response.headers.get("WWW-Authenticate", ""))
        response = self._limited(lambda: self._exchange(method, url, headers, data, self._authorization), resend)
        if response.status == 401:
            raise self._refused()
        return response

    def _limited(self, exchange: Callable[[], _Response], resend: bool) -> _Response:
        """``exchange()``, and once more after the wait a 429 (Too Many Requests) asks when its Retry-After is short
        and ``resend`` allows it (not a write to a tag the caller checked first).
        Any other 429 stops the run with one line saying when to retry: it was "failed ...: HTTP 429" with the hint
        "retry", which said neither when nor that the registry was only limiting requests."""
        response = exchange()
        if response.status != 429:
            return response
        wait = retry_after(response.headers.get("Retry-After"), time.time())
        if not resend or wait is None or wait > RETRY_WAIT or not _RUN_WAITS.take(wait):
            raise self._rate_limited(wait, None)
        say_progress(
            f"registry {plain(self.repository.host)} asks to wait {wait:.0f}s (HTTP 429 Too Many Requests); waiting"
        )
        time.sleep(wait)
        again = exchange()
        if again.status == 429:
            raise self._rate_limited(retry_after(again.headers.get("Retry-After"), time.time()), wait)
        return again

    def _rate_limited(self, wait: float | None, waited: float | None) -> ServiceError:
        retried = f"; waited {waited:g}s as it asked and sent it again" if waited is not None else ""
        when = "it names no time to retry" if wait is None else f"it asks to retry {_in(wait)}"
        return ServiceError(
            f"registry {self.repository.host} is limiting requests (HTTP 429 Too Many Requests): {when}{retried}",
            ("retry then" if wait is not None else "retry later (logging in often raises a registry's pull limit)")
            + "; nothing further was changed",
        )

    def _exchange(
        self, method: str, url: str, headers: dict[str, str], data: bytes | None, authorization: str | None
    ) -> _Response:
        """One request and its redirects; ``authorization`` goes to ``url``'s origin only."""
        return within(
            self.deadline,
            f"registry {self.repository.host}",
            lambda: self._follow(method, url, headers, data, authorization),
            "the registry is too slow or stalled; nothing further was changed",
        )

    def _follow(
        self, method: str, url: str, headers: dict[str, str], data: bytes | None, authorization: str | None
    ) -> _Response:
        _refuse_credentials(url)  # a token realm's
        trusted = _origin(url)
        for _hop in range(MAX_REDIRECTS + 1):
            sent = dict(headers)
            if authorization and _origin(url) == trusted and self._safe_scheme(url):
                sent["Authorization"] = authorization
            response = self._request(method, url, sent, data)
            location = response.headers.get("Location")
            if response.status not in _REDIRECTS or not location:
                return response
            url = _join(url, location)
            if urllib.parse.urlsplit(url).scheme not in ("http", "https"):
                raise ServiceError(f"registry {self.repository.host} redirected to an unusable address")
            if response.status == 303:
                method, data = "GET", None
        raise ServiceError(f"registry {self.repository.host}: more than {MAX_REDIRECTS} redirects")

    def _safe_scheme(self, url: str) -> bool:
        scheme, host, _ = _origin(url)
        return scheme == "https" or _loopback_host(host)

    def _request(self, method: str, url: str, headers: dict[str, str], data: bytes | None) -> _Response:
        proxies = {} if _loopback_host(_origin(url)[1]) else requests.utils.get_environ_proxies(url)
        try:
            with self._session.request(
                method,
                url,
                headers=headers,
                data=data,
                timeout=self.timeout,
                allow_redirects=False,
                stream=True,
                proxies=proxies,
            ) as reply:
                body = _capped(reply, self.repository.host)
                return _Response(reply.status_code, reply.headers, body, url)
        except (requests.exceptions.ChunkedEncodingError, requests.exceptions.ContentDecodingError) as error:
            # it answered, then broke off (fewer bytes than its Content-Length, a bad chunk or gzip stream): "is
            # unreachable, check the address" sent a person to check an address that was answering
            raise ServiceError(
                f"registry {self.repository.host} broke off its answer ({type(error).__name__}): it came cut short",
                "retry; if it persists, check the registry or a proxy in front of it; nothing further was changed",
            ) from None
        except requests.RequestException as error:
            raise ServiceError(
                f"registry {self.repository.host} is unreachable: {type(error).__name__}",
                "check the registry address and that it is running; nothing further was changed",
            ) from None
        except ValueError as error:  # requests reads a redirect's Location even when it follows none
            raise _unparsable(None, error) from None

    def _authorize(self, challenge: str) -> str:
        scheme, _, rest = challenge.partition(" ")
        if scheme.lower() == "basic" and self.credentials is not None:
            if not self._safe_scheme(self.repository.base_url):
                raise ServiceError(f"registry {self.repository.host} asked for a password over plain HTTP; not sent")
            return self.credentials.basic_header()
        if scheme.lower() == "bearer":
            return "Bearer " + self._token(_challenge_params(rest))
        raise self._refused()

    def _token(self, params: dict[str, str]) -> str:
        """Fetch a bearer token from the realm the registry named (docker token auth spec)."""
        realm = params.get("realm", "")
        if not realm.startswith(("https://", "http://")):
            raise ServiceError(f"registry {self.repository.host} sent an unusable auth challenge")
        if self.credentials is not None:
            self._check_realm(realm)
        actions = "pull,push" if self.credentials else "pull"
        scope = params.get("scope") or f"repository:{self.repository.name}:{actions}"
        query = urllib.parse.urlencode({k: v for k, v in (("service", params.get("service")), ("scope", scope)) if v})
        basic = self.credentials.basic_header() if self.credentials is not None else None
        url = f"{realm}{'&' if '?' in realm else '?'}{query}"
        what = f"token service of {self.repository.host}"
        response = self._limited(
            lambda: within(self.deadline, what, lambda: self._follow("GET", url, {}, None, basic)), True
        )
        if response.status in (401, 403):
            raise self._refused()
        self._check(response, f"fetching a token for {self.repository}")
        body = _json(response.body, self.repository.host)
        token = body.get("token") or body.get("access_token")
        if not isinstance(token, str) or not token:
            raise ServiceError(f"registry {self.repository.host}: the token service returned no token")
        register_secret(token)
        # it goes into a header as it is: a CR or LF in it was "registry ... is unreachable: InvalidHeader", a
        # character past Latin-1 "the registry named an address that does not parse (a Location header)", and
        # 3 MB of it a 431 whose HTML page was quoted as the registry's error
        if len(token) > MAX_TOKEN or not _HEADER_TOKEN.fullmatch(token):
            raise ServiceError(
                f"registry {self.repository.host}: the token service returned a token that cannot be sent "
                f"(only printable ASCII without spaces, at most {MAX_TOKEN} characters, goes into a header)",
                "check the registry's token service (its realm in the registry's WWW-Authenticate answer)",
            )
        return token

    def _check_realm(self, realm: str) -> None:
        """Credentials go to a token realm over HTTPS on the registry's own domain, nowhere else.

        Plain HTTP is only accepted for a loopback registry's realm on the very same loopback host.
        """
        scheme, host, _ = _origin(realm)
        registry_host = _origin(self.repository.base_url)[1]
        same_host = host == registry_host
        if scheme != "https" and not (same_host and _loopback_host(host)):
            raise ServiceError(
                f"registry {self.repository.host} announced a token service over plain HTTP "
                f"({host}); the credentials were not sent",
                "the token realm must be https",
            )
        if not (same_host or _parent_domain(host) == _parent_domain(registry_host)):
            raise ServiceError(
                f"registry {self.repository.host} announced a token service on another domain "
                f"({host}); the credentials were not sent",
                "a registry's token realm lives on its own domain; check the registry address",
            )

    def _refused(self) -> ServiceError:
        host = self.repository.host
        if self.credentials is None:
            return ServiceError(
                f"registry {host} requires credentials for {self.repository.name}",
                f"pass --username with --password-stdin or AEON_REGISTRY_PASSWORD, or run `docker login {host}`",
            )
        return ServiceError(
            f"registry {host} rejected the credentials of user {quoted(self.credentials.username)}",
            "check --username and the password (stdin, AEON_REGISTRY_PASSWORD or the Docker config)",
        )

    def _check(self, response: _Response, doing: str) -> None:
        if 200 <= response.status < 300:
            return
        if response.status == 403:
            raise ServiceError(f"registry {self.repository.host} denied {doing}", "check the account's permissions")
        raise ServiceError(
            f"registry {self.repository.host} failed {doing}: HTTP {response.status} {_error_text(response.body)}",
            "retry; if it persists, check the registry's logs",
        )


def _capped(reply: requests.Response, host: str) -> bytes:
    chunks, size = [], 0
    for chunk in reply.iter_content(65536):
        size += len(chunk)
        if size > MAX_BODY:
            raise ServiceError(f"registry {host} sent more than {MAX_BODY} bytes for one answer")
        chunks.append(chunk)
    return b"".join(chunks)


def _json(body: bytes, host: str) -> dict[str, Any]:
    try:
        data = jsonio.loads(body)
    except (ValueError, RecursionError):
        raise ServiceError(f"registry {host} answered with something that is not JSON") from None
    if not isinstance(data, dict):
        raise ServiceError(f"registry {host} answered with JSON that is not an object")
    return data


def _challenge_params(text: str) -> dict[str, str]:
    return {key.lower(): value for key, value in re.findall(r'(\w+)="([^"]*)"', text)}


def retry_after(value: str | None, now: float) -> float | None:
    """The seconds a Retry-After header asks to wait (RFC 9110 10.2.3: a number of seconds or an HTTP date), at
    least 0; None when there is none or it is neither."""
    text = (value or "").strip()
    if text.isascii() and text.isdigit():
        return float(int(text)) if len(text) <= 12 else 1e12  # a longer number is as good as never
    try:
        when = email.utils.parsedate_to_datetime(text)
    except (TypeError, ValueError, IndexError, OverflowError):
        return None
    if when.tzinfo is None:  # RFC 9110 dates are GMT: asctime's (`Sun Nov  6 08:49:37 1994`) names no zone
        when = when.replace(tzinfo=datetime.timezone.utc)
    return max(0.0, when.timestamp() - now)


def _in(seconds: float) -> str:
    """``in 30s``, ``in 12 min``, ``in 5 h``, or ``in more than a week``."""
    if seconds < 120:
        return f"in {seconds:.0f}s"
    if seconds < 7200:
        return f"in {seconds / 60:.0f} min"
    return f"in {seconds / 3600:.0f} h" if seconds < 7 * 86400 else "in more than a week"


MAX_TAG_PAGES = 1000  # of up to 1,000 tags each (n=1000): a million tags


def _next_link(link: str | None) -> str | None:
    match = re.search(r"<([^>]+)>\s*;\s*rel=\"?next\"?", link or "")
    return match.group(1) if match else None


def _media_type_of(document: dict[str, object]) -> str:
    """A manifest's own ``mediaType`` when the registry sent no Content-Type (its body is parsed once, by the check)."""
    media_type = document.get("mediaType")
    return media_type if isinstance(media_type, str) else MANIFEST_TYPES[-1]


def _error_text(body: bytes) -> str:
    """The registry's first error, as the API spells one (``{"errors": [{"code", "message"}]}``); any other
    answer as its first 200 characters (``"errors": {...}`` was a KeyError traceback)."""
    try:
        data = jsonio.loads(body)
    except (ValueError, RecursionError):
        data = None
    errors = data.get("errors") if isinstance(data, dict) else None
    first = errors[0] if isinstance(errors, list) and errors else None
    if isinstance(first, dict):
        return f"{first.get('code', '')}: {first.get('message', '')}"[:200]
    return body[:200].decode("utf-8", "replace")
