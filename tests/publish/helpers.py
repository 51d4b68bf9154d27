"""Test helpers: the CLI as a user runs it, the registry read independently of the code under test."""

from __future__ import annotations

import base64
import datetime as dt
import json
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import yaml

from tests.helpers import Result, run_cli

ROOT = Path(__file__).resolve().parents[2]
ACCEPT = "application/vnd.docker.distribution.manifest.v2+json, application/vnd.oci.image.manifest.v1+json"


def cli(*args: str, stdin: str | None = None, env: dict[str, str] | None = None) -> Result:
    """`aeon-release ...` through the one CLI runner, with no registry password in the environment
    unless the test gives one."""
    return run_cli(*args, stdin=stdin or "", env={"AEON_REGISTRY_PASSWORD": None, **(env or {})}, cwd=ROOT)


def served(host: str, name: str, tag: str, auth: tuple[str, str] | None = None) -> str | None:
    """The digest the registry serves for ``name:tag`` (HEAD), or None; our own request, not the tool's."""
    request = urllib.request.Request(
        f"http://{host}/v2/{name}/manifests/{tag}", method="HEAD", headers={"Accept": ACCEPT}
    )
    if auth is not None:
        token = base64.b64encode(f"{auth[0]}:{auth[1]}".encode()).decode()
        request.add_header("Authorization", f"Basic {token}")
    try:
        with urllib.request.urlopen(request, timeout=10) as reply:
            return str(reply.headers["Docker-Content-Digest"])
    except urllib.error.HTTPError as error:
        error.close()
        if error.code == 404:
            return None
        raise


def records(config: Path) -> list[dict[str, Any]]:
    path = config / "releases.yaml"
    if not path.exists():
        return []
    return list(yaml.safe_load(path.read_text())["releases"] or [])


# The day an image made in a test was created, as the engine says it: an image with no build record is published no
# earlier (a day of clock skew allowed).
TODAY = dt.datetime.now(dt.timezone.utc).date().isoformat()


def publish_args(
    image: str, repository: str, version: str, config: Path, *extra: str, date: str = "2026-09-11"
) -> list[str]:
    return [
        "publish",
        "--image",
        image,
        "--repository",
        repository,
        "--version",
        version,
        "--date",
        date,
        "--config",
        str(config),
        "--repo",
        str(config),
        "--json",
        *extra,
    ]


def as_json(done: Result) -> dict[str, Any]:
    assert done.returncode == 0, done.stderr
    return dict(json.loads(done.stdout))
