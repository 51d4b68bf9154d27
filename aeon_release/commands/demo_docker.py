"""`aeon-release demo --docker`: the rest of the pipeline on a real engine and a throwaway registry.

The demo's image is tiny: a busybox root filesystem imported from the machine's busybox-static
(no internet, no CUDA base) with each load-bearing part faked at its real path, built from the
merged example fork.  The registry is Debian's ``docker-registry`` (distribution 2.8), started on
127.0.0.1 and a free port with storage in the demo folder, and stopped when the demo ends.
"""

from __future__ import annotations

from importlib import resources

from aeon_release.adapters import sandbox, signing
from aeon_release.adapters.console import say
from aeon_release.adapters.docker import Engine
from aeon_release.adapters.git import Git
from aeon_release.adapters.store import RunStore
from aeon_release.commands import demo_repo as demo
from aeon_release.commands import verify
from aeon_release.pipeline import release as pipeline

BASE = "aeon-demo/busybox:1"


def run(example: demo.Example) -> None:
    with Engine.connect() as engine:
        if not engine.exists(BASE):
            engine.import_rootfs(sandbox.busybox_rootfs(), BASE, changes=['CMD ["/bin/sh"]'])
    dockerfile = example.root / "Dockerfile.demo"
    dockerfile.write_text(resources.files("aeon_release").joinpath("data/demo/Dockerfile").read_text("utf-8"))
    key = example.root / "demo-signing.key"  # a throwaway key: the fleet's own stays where it is
    if not key.exists():
        signing.generate(key)
    with sandbox.local_registry(example.root / "registry") as registry:
        host = registry.host
        say(f"[bold]   release pipeline[/]: audit, build, publish to {host} (a throwaway registry), notes")
        opts = pipeline.ReleaseOptions(
            tag=demo.NEW,
            repo=example.fork,
            repository=f"{host}/aeon/vllm-ultimate",
            config_dir=example.config,
            dockerfile=dockerfile,
            image_tag=f"aeon-demo/vllm-ultimate:{demo.NEW}",
            notes_output=example.root / f"release-notes-{demo.NEW}.md",
            signing_key=key,
        )
        pipeline.run(opts, None, dry=False, json_out=False)
        say(
            f"[bold]   verify[/]: aeon-release verify {host}/aeon/vllm-ultimate:latest --key {signing.public_path(key)}"
        )
        verify.run(f"{host}/aeon/vllm-ultimate:latest", signing.public_path(key), None, None, False)
        _untag_pushed(example, host)


def _untag_pushed(example: demo.Example, host: str) -> None:
    """The throwaway registry goes away with the demo: so do the local tags that name it."""
    state = RunStore(Git(example.fork).common_dir, demo.NEW).load_pipeline()
    assert state is not None
    dated = (state.entry("publish").result or {})["dated_tag"]
    with Engine.connect() as engine:
        engine.remove(f"{host}/aeon/vllm-ultimate:{dated}")
