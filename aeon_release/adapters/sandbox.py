"""Throwaway local services: a busybox base image and a docker-registry process on 127.0.0.1.

`aeon-release demo --docker` and the test suite (tests/conftest.py, tests/publish/conftest.py) use
these same two launchers.  Nothing here talks to anything but the local engine and loopback.
"""

from __future__ import annotations

import contextlib
import io
import shutil
import socket
import subprocess
import tarfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

from aeon_release.errors import ServiceError

REGISTRY_BINARIES = ("docker-registry", "registry")
APPLETS = (
    "sh",
    "ls",
    "cat",
    "echo",
    "rm",
    "mkdir",
    "ln",
    "test",
    "true",
    "false",
    "dd",
    "cp",
    "mv",
    "chmod",
    "grep",
    "head",
    "env",
    "sleep",
    "readlink",
    "find",
    "wc",
    "[",
    "which",
    "sed",
    "cut",
    "tr",
    "uname",
)


# -- the base image --------------------------------------------------------------------------
def busybox_rootfs(busybox: Path | None = None) -> bytes:
    """A tar of a busybox-static root file system: /bin/busybox, its applets, the usual folders.
    ``busybox`` is the binary to use (another architecture's, say); default: the machine's."""
    busybox = busybox or Path(shutil.which("busybox") or "/bin/busybox")
    if not busybox.exists():
        raise ServiceError("a busybox base image needs busybox-static", "apt-get install busybox-static")
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w") as tar:
        tar.add(busybox, arcname="bin/busybox")
        for applet in APPLETS:
            info = tarfile.TarInfo(f"bin/{applet}")
            info.type, info.linkname = tarfile.SYMTYPE, "busybox"
            tar.addfile(info)
        for folder in ("etc", "tmp", "usr/bin", "usr/lib", "var"):
            info = tarfile.TarInfo(folder)
            info.type, info.mode = tarfile.DIRTYPE, 0o755
            tar.addfile(info)
    return buffer.getvalue()


# -- the registry ----------------------------------------------------------------------------
def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class RegistryProcess:
    """One docker-registry process on a free loopback port; stop() and start() keep port and storage.

    ``auth_config`` is the registry config's ``auth:`` section (htpasswd or token), or empty.
    """

    def __init__(self, root: Path, auth_config: str = "") -> None:
        binary = next((found for name in REGISTRY_BINARIES if (found := shutil.which(name))), None)
        if binary is None:
            raise ServiceError("a local registry needs Debian's docker-registry", "apt-get install docker-registry")
        self.binary = binary
        self.root = root
        self.root.mkdir(parents=True, exist_ok=True)
        self.port = free_port()
        self.host = f"127.0.0.1:{self.port}"
        self.config = root / "config.yml"
        self.config.write_text(
            "version: 0.1\nlog:\n  level: error\n  accesslog:\n    disabled: true\n"
            f"storage:\n  filesystem:\n    rootdirectory: {root / 'data'}\n  delete:\n    enabled: true\n"
            f"http:\n  addr: {self.host}\n  secret: aeon-release-local\n" + auth_config
        )
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def start(self) -> None:
        with (self.root / "registry.log").open("ab") as log:
            self.process = subprocess.Popen([self.binary, "serve", str(self.config)], stdout=log, stderr=log)
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            if self._answers():
                return
            if self.process.poll() is not None:
                break
            time.sleep(0.05)
        self.stop()
        log_tail = (self.root / "registry.log").read_text(errors="replace")[-2000:]
        raise ServiceError(f"docker-registry did not start on {self.host}: {log_tail}")

    def _answers(self) -> bool:
        try:
            with urllib.request.urlopen(f"http://{self.host}/v2/", timeout=1):
                return True
        except urllib.error.HTTPError as error:
            error.close()
            return error.code == 401
        except OSError:
            return False

    def stop(self) -> None:
        """Stop the process for real (SIGTERM, then SIGKILL)."""
        if self.process is None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.process = None


@contextlib.contextmanager
def local_registry(root: Path, auth_config: str = "") -> Iterator[RegistryProcess]:
    registry = RegistryProcess(root, auth_config)
    registry.start()
    try:
        yield registry
    finally:
        registry.stop()
