"""`aeon-release demo --docker`: the rest of the pipeline on a real engine and a throwaway registry.

The demo's image is tiny: a busybox root filesystem imported from the machine's busybox-static
(no internet, no CUDA base) with each load-bearing part faked at its real path, built from the
merged example fork.  The registry is Debian's ``docker-registry`` (distribution 2.8), started on
127.0.0.1 and a free port with storage in the demo folder, and stopped when the demo ends.
"""
from __future__ import annotations

import contextlib
import io
import json
import shutil
import socket
import subprocess
import tarfile
import time
from collections.abc import Iterator
from importlib import resources
from pathlib import Path

from aeon_release.commands import demo_repo as demo

from aeon_release.pipeline import release as pipeline

from aeon_release.adapters import signing
from aeon_release.adapters import store as runstate
from aeon_release.commands import verify
from aeon_release.adapters.console import say
from aeon_release.errors import ServiceError
from aeon_release.adapters.docker import Engine
from aeon_release.adapters.git import Git

BASE = "aeon-demo/busybox:1"
APPLETS = ("sh", "ls", "cat", "echo", "rm", "mkdir", "ln", "test", "true", "false", "cp", "chmod", "grep",
           "head", "env", "readlink", "find", "wc", "[", "which", "sed", "cut", "tr")


def run(example: demo.Example) -> None:
    with Engine.connect() as engine:
        if not engine.exists(BASE):
            engine.import_rootfs(_busybox_rootfs(), BASE, changes=['CMD ["/bin/sh"]'])
    dockerfile = example.root / "Dockerfile.demo"
    dockerfile.write_text(resources.files("aeon_release").joinpath("data/demo/Dockerfile").read_text("utf-8"))
    key = example.root / "demo-signing.key"  # a throwaway key: the fleet's own stays where it is
    if not key.exists():
        signing.generate(key)
    with local_registry(example.root / "registry") as host:
        say(f"[bold]   release pipeline[/]: audit, build, publish to {host} (a throwaway registry), notes")
        opts = pipeline.ReleaseOptions(
            tag=demo.NEW, repo=example.fork, repository=f"{host}/aeon/vllm-ultimate", config_dir=example.config,
            dockerfile=dockerfile, image_tag=f"aeon-demo/vllm-ultimate:{demo.NEW}",
            notes_output=example.root / f"release-notes-{demo.NEW}.md", signing_key=key,
        )
        pipeline.run(opts, None, dry=False, json_out=False)
        say(f"[bold]   verify[/]: aeon-release verify {host}/aeon/vllm-ultimate:latest --key {signing.public_path(key)}")
        verify.run(f"{host}/aeon/vllm-ultimate:latest", signing.public_path(key), None, None, False)
        _untag_pushed(example, host)


def _untag_pushed(example: demo.Example, host: str) -> None:
    """The throwaway registry goes away with the demo: so do the local tags that name it."""
    state = json.loads((runstate.run_dir(Git(example.fork).common_dir, demo.NEW) / pipeline.PIPELINE_FILE).read_text())
    dated = state["stages"]["publish"]["result"]["dated_tag"]
    with Engine.connect() as engine:
        engine.remove(f"{host}/aeon/vllm-ultimate:{dated}")


def _busybox_rootfs() -> bytes:
    busybox = shutil.which("busybox") or "/bin/busybox"
    if not Path(busybox).exists():
        raise ServiceError("the demo's base image needs busybox", "apt-get install busybox-static")
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


@contextlib.contextmanager
def local_registry(root: Path) -> Iterator[str]:
    binary = shutil.which("docker-registry") or shutil.which("registry")
    if binary is None:
        raise ServiceError("the demo's registry needs Debian's docker-registry", "apt-get install docker-registry")
    root.mkdir(parents=True, exist_ok=True)
    host = f"127.0.0.1:{_free_port()}"
    config = root / "config.yml"
    config.write_text(f"version: 0.1\nlog:\n  level: error\n  accesslog:\n    disabled: true\nstorage:\n"
                      f"  filesystem:\n    rootdirectory: {root / 'data'}\nhttp:\n  addr: {host}\n")
    process = subprocess.Popen([binary, "serve", str(config)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        _wait_for(host, process)
        yield host
    finally:
        process.terminate()
        process.wait(timeout=10)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _wait_for(host: str, process: subprocess.Popen[bytes]) -> None:
    address, port = host.rsplit(":", 1)
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise ServiceError(f"docker-registry exited at start ({process.returncode})")
        with contextlib.suppress(OSError), socket.create_connection((address, int(port)), timeout=0.5):
            return
        time.sleep(0.1)
    raise ServiceError(f"docker-registry did not listen on {host} within 15 s")
