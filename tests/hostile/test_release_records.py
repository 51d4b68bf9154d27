"""Class 6: releases.yaml and `:latest` survive races, odd files and faults (a real docker-registry)."""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from aeon_release.adapters.registry import Registry, Repository
from aeon_release.domain import release_record
from aeon_release.domain.release_record import Action, Release
from aeon_release.errors import ConfigError, NeedsHuman, StateError
from aeon_release.pipeline.publish import LATEST, move_latest
from tests.hostile.conftest import ROOT
from tests.publish.conftest import ImageMaker, RegistryProcess, make_image, run_id  # noqa: F401 - fixtures
from tests.publish.helpers import cli, publish_args, served

NAME = "team/app"


def _push_manifest(host: str, tag: str, label: str) -> str:
    """An OCI image manifest with a tiny config blob, uploaded with the registry API (no Docker needed)."""
    config = json.dumps(
        {
            "architecture": "amd64",
            "os": "linux",
            "config": {"Labels": {"n": label}},
            "rootfs": {"type": "layers", "diff_ids": []},
        }
    ).encode()
    config_digest = "sha256:" + hashlib.sha256(config).hexdigest()
    start = urllib.request.Request(f"http://{host}/v2/{NAME}/blobs/uploads/", method="POST")
    with urllib.request.urlopen(start, timeout=10) as reply:
        location = reply.headers["Location"]
    joiner = "&" if "?" in location else "?"
    upload = location if location.startswith("http") else f"http://{host}{location}"
    put = urllib.request.Request(
        f"{upload}{joiner}digest={config_digest}",
        data=config,
        method="PUT",
        headers={"Content-Type": "application/octet-stream"},
    )
    urllib.request.urlopen(put, timeout=10).close()
    manifest = json.dumps(
        {
            "schemaVersion": 2,
            "mediaType": "application/vnd.oci.image.manifest.v1+json",
            "config": {
                "mediaType": "application/vnd.oci.image.config.v1+json",
                "digest": config_digest,
                "size": len(config),
            },
            "layers": [],
        }
    ).encode()
    request = urllib.request.Request(
        f"http://{host}/v2/{NAME}/manifests/{tag}",
        data=manifest,
        method="PUT",
        headers={"Content-Type": "application/vnd.oci.image.manifest.v1+json"},
    )
    with urllib.request.urlopen(request, timeout=10) as reply:
        return str(reply.headers["Docker-Content-Digest"])


def _entry(tag: str, digest: str, version: str, before: str | None) -> Release:
    return Release(
        Action.PUBLISH,
        f"{{host}}/{NAME}",
        version,
        None,
        tag,
        digest,
        tag[:10],
        "2026-09-11T00:00:00Z",
        before,
        digest,
        {"status": "passed"},
    )


@pytest.mark.registry
def test_latest_moved_by_someone_else_is_an_alarm_not_an_overwrite(registry: RegistryProcess) -> None:  # noqa: F811
    older = _push_manifest(registry.host, "2026-09-10-v0.1.0", "a")
    newer = _push_manifest(registry.host, "2026-09-11-v0.2.0", "b")
    _push_manifest(registry.host, LATEST, "b")  # someone else published v0.2.0 since our plan read nothing
    client = Registry(Repository(registry.host, NAME))

    with pytest.raises(NeedsHuman, match="while this run was working"):
        move_latest(client, older, expected=None)
    assert served(registry.host, NAME, LATEST) == newer
    assert move_latest(client, older, expected=newer) == older  # with the right expectation it moves


@pytest.mark.registry
def test_rollback_checks_the_record_before_moving_latest(registry: RegistryProcess, tmp_path: Path) -> None:  # noqa: F811
    older = _push_manifest(registry.host, "2026-09-10-v0.1.0", "a")
    newer = _push_manifest(registry.host, "2026-09-11-v0.2.0", "b")
    _push_manifest(registry.host, LATEST, "b")
    repository = f"{registry.host}/{NAME}"
    flow = {
        "releases": [
            {**_entry("2026-09-10-v0.1.0", older, "v0.1.0", None).as_dict(), "repository": repository},
            {**_entry("2026-09-11-v0.2.0", newer, "v0.2.0", older).as_dict(), "repository": repository},
        ]
    }
    (tmp_path / "releases.yaml").write_text(json.dumps(flow))  # JSON is YAML flow style: readable, not appendable

    done = cli("rollback", "--repository", repository, "--config", str(tmp_path))

    assert done.returncode == 2 and "cannot append" in done.stderr, done.stderr
    assert served(registry.host, NAME, LATEST) == newer  # nothing moved


_HOLD = """
import sys
from pathlib import Path
from aeon_release.domain import release_record
with release_record.repository_lock(Path(sys.argv[1]), "r/x"):
    print("held", flush=True)
    sys.stdin.readline()  # held until the test says: a sleep of 1.5 s ended before a loaded machine got this far
"""


def test_one_publish_per_repository_at_a_time(tmp_path: Path) -> None:
    import threading

    with subprocess.Popen(
        [sys.executable, "-c", _HOLD, str(tmp_path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    ) as holder:
        assert holder.stdin is not None and holder.stdout is not None and holder.stdout.readline() == b"held\n"
        with pytest.raises(StateError, match="held its lock"):
            with release_record.repository_lock(tmp_path, "r/x", wait=0.3):
                pass
        with release_record.repository_lock(tmp_path, "other/repo", wait=0.3):
            pass  # another repository is not blocked
        let_go = threading.Event()

        def finish_the_first_run() -> None:
            let_go.set()
            holder.stdin.close()  # type: ignore[union-attr]

        threading.Timer(0.5, finish_the_first_run).start()
        with release_record.repository_lock(tmp_path, "r/x", wait=60):
            assert let_go.is_set()  # it waited for the first run to finish
        holder.wait(timeout=60)


def _digest(n: int) -> str:
    return "sha256:" + f"{n:x}" * 64


def _release(n: int) -> Release:
    return Release(
        Action.PUBLISH,
        "ghcr.io/aeon-7/app",
        f"v0.{n}.0",
        None,
        f"2026-09-1{n}-v0.{n}.0",
        _digest(n),
        f"2026-09-1{n}",
        "2026-09-11T00:00:00Z",
        None,
        _digest(n),
        {"status": "passed"},
    )


def test_a_damaged_file_is_reported_and_recovered(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    release_record.append(tmp_path, _release(1))
    release_record.append(tmp_path, _release(2))
    path = tmp_path / "releases.yaml"
    path.write_text(path.read_text() + "- action: publish\n  repository: [half-written\n")

    assert release_record.load(tmp_path) == (_release(1), _release(2))
    err = capsys.readouterr().err
    assert "releases.yaml:" in err and "recovered 2 entries" in err
    assert list(tmp_path.glob("releases.yaml.damaged-*"))
    release_record.append(tmp_path, _release(3))  # every later command works again
    assert len(release_record.load(tmp_path)) == 3


def test_a_damaged_file_without_a_good_copy_names_the_line(tmp_path: Path) -> None:
    (tmp_path / "releases.yaml").write_text("releases:\n- action: publish\n  digest: [oops\n")
    with pytest.raises(ConfigError, match=r"releases.yaml:\d+:\d+: malformed YAML"):
        release_record.load(tmp_path)


_FULL_DISK = """
import resource, signal, sys
from pathlib import Path
from aeon_release.domain import release_record
from tests.hostile.test_release_records import _release
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # writes past the limit fail with EFBIG, like ENOSPC
size = (Path(sys.argv[1]) / "releases.yaml").stat().st_size
resource.setrlimit(resource.RLIMIT_FSIZE, (size + 64, size + 64))
try:
    release_record.append(Path(sys.argv[1]), _release(3))
except Exception as error:
    print(type(error).__name__, error)
"""


def test_a_full_disk_leaves_the_file_whole(tmp_path: Path) -> None:
    release_record.append(tmp_path, _release(1))
    release_record.append(tmp_path, _release(2))
    before = (tmp_path / "releases.yaml").read_bytes()

    done = subprocess.run(
        [sys.executable, "-c", _FULL_DISK, str(tmp_path)],
        capture_output=True,
        text=True,
        # no bytecode written under the limit (a few bytes past the record): CPython does not check a short write
        # of a .pyc, and a cut one in the suite's PYTHONPYCACHEPREFIX fails every later import of that module
        env={k: v for k, v in os.environ.items() if k != "PYTHONPYCACHEPREFIX"}
        | {"PYTHONPATH": str(ROOT), "PYTHONDONTWRITEBYTECODE": "1"},
        cwd=ROOT,
        timeout=30,
    )

    assert "cannot be written" in done.stdout, done.stdout + done.stderr
    assert (tmp_path / "releases.yaml").read_bytes() == before
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    assert release_record.load(tmp_path) == (_release(1), _release(2))


@pytest.mark.registry
@pytest.mark.docker
def test_an_unappendable_record_stops_publish_before_the_push(
    registry: RegistryProcess,
    make_image: ImageMaker,  # noqa: F811
    run_id: str,  # noqa: F811
    tmp_path: Path,
) -> None:
    (tmp_path / "releases.yaml").write_text("releases: []\n")
    repository = f"{registry.host}/aeon-test-publish/{run_id}-app"
    done = cli(*publish_args(make_image("flow"), repository, "v0.1.0", tmp_path))
    assert done.returncode == 2 and "cannot append" in done.stderr
    assert served(registry.host, f"aeon-test-publish/{run_id}-app", "2026-09-11-v0.1.0") is None


def test_an_empty_date_is_refused(tmp_path: Path) -> None:
    done = cli(
        "publish",
        "--image",
        "x:1",
        "--repository",
        "127.0.0.1:1/a/b",
        "--version",
        "v0.1.0",
        "--date",
        "",
        "--config",
        str(tmp_path),
    )
    assert done.returncode == 2 and "'--date': an empty value" in done.stderr  # refused as every text option (sweep 45)
