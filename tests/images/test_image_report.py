"""`aeon-release image-report`: exact numbers for images whose bytes are known by construction."""

from __future__ import annotations

import json
from typing import Any

import pytest

from aeon_release.domain import imagediet
from aeon_release.pipeline.image_report import image_report

from .conftest import HEADER, build_fixture_image, image_tag, run_cli

pytestmark = pytest.mark.docker

MIB = 1024 * 1024


@pytest.fixture(scope="module")
def five_mib_image(docker_client: Any, base_image: str) -> str:
    tag = image_tag("dead5")
    build_fixture_image(
        docker_client, HEADER + "RUN dd if=/dev/zero of=/big.bin bs=1048576 count=5\nRUN rm /big.bin\n", tag
    )
    return tag


@pytest.fixture(scope="module")
def diet_image(docker_client: Any, base_image: str) -> str:
    rand = "dd if=/dev/urandom bs=1024"
    tag = image_tag("diet")
    build_fixture_image(
        docker_client,
        HEADER
        + (
            f"RUN mkdir -p /data/cache /srv/old /opt/venv/lib && {rand} count=300 of=/data/cache/a"
            f" && {rand} count=200 of=/data/cache/b && {rand} count=100 of=/etc/blob && {rand} count=50 of=/srv/old/x"
            f" && {rand} count=64 of=/usr/lib/libaeon.so.1 && cp /usr/lib/libaeon.so.1 /opt/venv/lib/"
            " && cp /usr/lib/libaeon.so.1 /opt/venv/lib/libother.so.1\n"
            f"RUN rm -rf /data/cache && {rand} count=10 of=/etc/blob\n"
            "RUN rm -rf /srv/old && mkdir /srv/old && echo fresh > /srv/old/y\n"
        ),
        tag,
    )
    return tag


def test_a_5_mib_file_added_then_deleted_is_exactly_5_mib_dead(five_mib_image: str) -> None:
    report = image_report(five_mib_image)
    assert report.dead_bytes == 5 * MIB == 5242880
    assert report.dead_files == 1
    (dead,) = report.largest_dead
    assert (dead.path, dead.size, dead.how) == ("/big.bin", 5242880, "deleted")
    assert len(report.layers) == 3  # busybox base, the dd layer, the rm layer (LABEL makes none)
    assert (dead.shipped_in, dead.killed_in) == (1, 2)
    assert report.layers[1].size > 5 * MIB > report.layers[2].size
    assert "dd if=/dev/zero" in report.layers[1].created_by
    assert report.duplicate_libs == ()


def test_deleted_overwritten_and_opaque_bytes_and_duplicate_libs(diet_image: str) -> None:
    report = image_report(diet_image)
    dead = {(d.path, d.size, d.how) for d in report.largest_dead}
    assert dead == {
        ("/data/cache/a", 300 * 1024, "deleted"),  # directory removed: one whiteout, every file dead
        ("/data/cache/b", 200 * 1024, "deleted"),
        ("/etc/blob", 100 * 1024, "overwritten"),  # replaced by a 10 KiB file in the next layer
        ("/srv/old/x", 50 * 1024, "deleted"),  # directory recreated: an opaque directory hides it
    }
    assert report.dead_bytes == (300 + 200 + 100 + 50) * 1024
    (dup,) = report.duplicate_libs  # libother.so.1 has the same bytes but another name
    assert dup.name == "libaeon.so.1" and dup.paths == ("/opt/venv/lib/libaeon.so.1", "/usr/lib/libaeon.so.1")
    assert dup.size == 65536 and dup.wasted == 65536 == report.duplicate_lib_bytes


def test_the_cli_reports_the_same_numbers_as_json(five_mib_image: str) -> None:
    result = run_cli("image-report", five_mib_image, "--json")
    assert result.code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["dead_bytes"] == 5242880 and data["largest_dead"][0]["path"] == "/big.bin"
    assert [layer["index"] for layer in data["layers"]] == [0, 1, 2]
    assert result.stderr == ""  # the JSON alone: no text copy on stderr beside it
    # without --json the report itself is the primary output: stdout, as `image-report IMG > f` expects
    plain = run_cli("image-report", five_mib_image)
    assert "dead bytes: 5.0 MiB (5242880 bytes) in 1 file(s)" in plain.stdout and plain.stderr == ""


def test_an_unknown_image_is_bad_input(docker_client: Any) -> None:
    result = run_cli("image-report", "aeon-test-image/does-not-exist:1")
    assert result.code == 2 and "no such image" in result.stderr and "hint:" in result.stderr


def test_the_save_stream_is_read_as_it_comes(five_mib_image: str, docker_client: Any) -> None:
    # Feed the analysis 64 KiB chunks through a generator that counts them: it consumes the
    # stream incrementally (a stream, not a bytes object) and still gets the exact answer.
    from aeon_release.adapters.docker import Engine

    seen = []

    def counted(chunks: Any) -> Any:
        for chunk in chunks:
            for start in range(0, len(chunk), 65536):
                seen.append(1)
                yield chunk[start : start + 65536]

    with Engine.connect() as engine:
        report = imagediet.analyse(five_mib_image, counted(engine.save(five_mib_image)))
    assert report.dead_bytes == 5242880 and len(seen) > 5 * 16


@pytest.fixture(scope="module")
def skopeo_copies(five_mib_image: str, tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """The 5 MiB image as skopeo writes it: docker-archive, oci-archive (gzip layers), oci: layout,
    and the layout Docker 25+ `docker save` writes (OCI blobs with a manifest.json beside them)."""
    import shutil
    import subprocess

    if shutil.which("skopeo") is None:
        pytest.fail("skopeo is not installed (Debian package skopeo; scripts/test.sh installs it)")
    folder = tmp_path_factory.mktemp("skopeo")
    refs = {
        "docker-archive": f"docker-archive:{folder / 'image.tar'}",
        "oci-archive": f"oci-archive:{folder / 'image.oci.tar'}",
        "oci": f"oci:{folder / 'layout'}",
    }
    for ref in refs.values():
        subprocess.run(
            ["skopeo", "copy", "-q", f"docker-daemon:{five_mib_image}", ref], check=True, capture_output=True
        )
    refs["docker25-save"] = f"docker-archive:{_docker25_save(folder / 'layout', folder / 'docker25.tar')}"
    return refs


def _docker25_save(layout: Any, target: Any) -> Any:
    """An OCI layout plus the legacy manifest.json naming blobs/sha256/<hex>: Docker 25+'s save."""
    import tarfile

    index = json.loads((layout / "index.json").read_text())
    manifest = json.loads((layout / "blobs" / "sha256" / index["manifests"][0]["digest"].split(":")[1]).read_text())
    legacy = [
        {
            "Config": "blobs/sha256/" + manifest["config"]["digest"].split(":")[1],
            "RepoTags": ["t:1"],
            "Layers": ["blobs/sha256/" + layer["digest"].split(":")[1] for layer in manifest["layers"]],
        }
    ]
    (layout / "manifest.json").write_text(json.dumps(legacy))
    with tarfile.open(target, "w") as tar:
        for path in sorted(layout.rglob("*")):
            tar.add(path, arcname=str(path.relative_to(layout)), recursive=False)
    return target


@pytest.mark.parametrize("transport", ["docker-archive", "oci-archive", "oci", "docker25-save"])
def test_archives_and_layouts_on_disk_give_the_engine_image_s_numbers(
    five_mib_image: str, skopeo_copies: dict[str, str], transport: str
) -> None:
    engine = image_report(five_mib_image)
    report = image_report(skopeo_copies[transport])
    assert report.dead_bytes == engine.dead_bytes == 5 * MIB
    assert report.live_bytes == engine.live_bytes
    assert [(lay.files, lay.created_by) for lay in report.layers] == [
        (lay.files, lay.created_by) for lay in engine.layers
    ]
    assert [d.path for d in report.largest_dead] == ["/big.bin"]


def test_a_transport_path_that_does_not_exist_is_bad_input(tmp_path: Any) -> None:
    result = run_cli("image-report", f"oci-archive:{tmp_path / 'missing.tar'}")
    assert result.code == 2 and "no such file" in result.stderr and "Traceback" not in result.stderr
    (tmp_path / "junk.tar").write_bytes(b"not a tar at all" * 100)
    result = run_cli("image-report", f"docker-archive:{tmp_path / 'junk.tar'}")
    assert result.code == 2 and "is not a readable image archive" in result.stderr
