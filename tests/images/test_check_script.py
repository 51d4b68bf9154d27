"""The load-bearing check script, run for real (busybox sh) inside fixture images."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from aeon_release.domain import loadbearing, profile
from aeon_release.errors import ConfigError

from .conftest import DATA, HEADER, build_fixture_image, image_tag

pytestmark = pytest.mark.docker

# The fleet's support files (fleet.yaml at the repository root), by their names in the build context.
FLEET = profile.load(Path(__file__).resolve().parents[2])
SUPPORT = loadbearing.support_files(FLEET)
LIST = SUPPORT[loadbearing.LIST_FILE]


def _complete_image_body() -> str:
    """The fixture Dockerfile's parts, without its own check step (these tests run the check)."""
    text = (DATA / "Dockerfile.fixture").read_text()
    body = text.split("ENV PATH=", 1)[1].rsplit("RUN /bin/sh /opt/aeon-release/check-load-bearing.sh", 1)[0]
    return 'ARG AEON_TEST_OMIT=""\nENV PATH=' + body


def _run_check(client: Any, image: str, breaking: str = "") -> tuple[int, str]:
    """The check script in a container of ``image``, after the shell command ``breaking`` (if any)
    changed that container's files: the same files an image built with ``RUN breaking`` would have,
    without the engine building and committing an image per variant."""
    first = f"{{ {breaking} ; }} && " if breaking else ""
    output = client.containers.run(
        image,
        entrypoint=[
            "/bin/sh",
            "-c",
            first + "/bin/sh /opt/aeon-release/check-load-bearing.sh /opt/aeon-release/load_bearing.txt; echo exit=$?",
        ],
        remove=True,
        network_disabled=True,
        stderr=True,
    ).decode()
    status = int(re.findall(r"^exit=(\d+)$", output, re.MULTILINE)[-1])  # stdout and stderr interleave
    return status, output


@pytest.fixture(scope="module")
def parts_image(docker_client: Any, base_image: str) -> str:
    """All parts present; each variant breaks exactly one part in its own container (_run_check)."""
    files = {f".aeon-release/{name}": path.read_bytes() for name, path in SUPPORT.items()}
    files["VERSION.txt"] = b"fixture\n"
    tag = image_tag("parts")
    build_fixture_image(docker_client, HEADER + _complete_image_body(), tag, files)
    return tag


def test_all_parts_present_passes(docker_client: Any, parts_image: str) -> None:
    status, output = _run_check(docker_client, parts_image)
    non_label = sum(1 for p in loadbearing.load(LIST) if p.kind != "label")
    assert status == 0, output
    assert f"all {non_label} load-bearing parts present" in output


@pytest.mark.parametrize(
    ("name", "command", "named"),
    [
        ("ninja", "rm /usr/bin/ninja", "MISSING cmd ninja: not on PATH"),
        ("cicc", "chmod 644 /usr/local/cuda/nvvm/bin/cicc", "MISSING exec /usr/local/cuda/nvvm/bin/cicc"),
        ("pip", "rm /usr/bin/pip3", "MISSING link /usr/bin/pip: dangling link"),
        (
            "python3",
            "rm /usr/bin/python3 && cp /usr/bin/python3.10 /usr/bin/python3",
            "MISSING link /usr/bin/python3: not a symbolic link",
        ),
        (
            "ldconf",
            "echo /usr/lib/other > /etc/ld.so.conf.d/00-aeon-nvidia-wheels.conf",
            "MISSING conf /etc/ld.so.conf.d -packages/nvidia/",
        ),
        ("rdma", "rm /var/lib/dpkg/info/rdma-core.list", "MISSING pkg rdma-core"),
    ],
)
def test_one_missing_part_is_named(docker_client: Any, parts_image: str, name: str, command: str, named: str) -> None:
    status, output = _run_check(docker_client, parts_image, command)
    assert status == 1, output
    assert named in output
    assert "1 of" in output and output.count("MISSING") == 1


def test_two_missing_parts_are_both_named(docker_client: Any, parts_image: str) -> None:
    status, output = _run_check(docker_client, parts_image, "rm /usr/bin/make /usr/local/bin/aeon-entrypoint")
    assert status == 1
    assert "MISSING cmd make" in output and "MISSING exec /usr/local/bin/aeon-entrypoint" in output
    assert loadbearing.missing_from_output(output) == ["cmd make", "exec /usr/local/bin/aeon-entrypoint"]


def test_an_unreadable_list_and_an_unknown_kind_are_errors(docker_client: Any, parts_image: str) -> None:
    status, output = _run_check(
        docker_client, parts_image, "echo 'socket /run/x' >> /opt/aeon-release/load_bearing.txt"
    )
    assert status == 2 and "unknown kind 'socket'" in output
    no_list = docker_client.containers.run(
        parts_image,
        entrypoint=["/bin/sh", "-c", "/bin/sh /opt/aeon-release/check-load-bearing.sh /nope; echo exit=$?"],
        remove=True,
        network_disabled=True,
        stderr=True,
    ).decode()
    assert "cannot read the list /nope" in no_list and "exit=2" in no_list.splitlines()


def test_the_python_reader_refuses_what_the_script_would(tmp_path: Path) -> None:
    bad = tmp_path / "load_bearing.txt"
    bad.write_text("cmd gcc\nsocket /run/x\n")
    with pytest.raises(ConfigError, match=r"load_bearing.txt:2: bad load-bearing entry 'socket /run/x'"):
        loadbearing.load(bad)
    bad.write_text("conf /etc/ld.so.conf.d\n")
    with pytest.raises(ConfigError, match=":1:"):
        loadbearing.load(bad)
