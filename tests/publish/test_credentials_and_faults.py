"""Credentials and the registry's failures: one clean line, exit 2, never the password."""
from __future__ import annotations

import base64
import json
import socket
from pathlib import Path

import pytest

from tests.publish.conftest import PASSWORD, USER, ImageMaker, RegistryProcess
from tests.publish.helpers import as_json, cli, publish_args, records, served

WRONG = "Wr0ng-Pa55-xyzzy"


def _no_secret(text: str, secret: str) -> None:
    assert secret not in text
    assert base64.b64encode(f"{USER}:{secret}".encode()).decode() not in text


@pytest.mark.registry
@pytest.mark.docker
def test_wrong_password_is_one_clean_line_without_the_password(
    auth_registry: RegistryProcess, make_image: ImageMaker, run_id: str, tmp_path: Path
) -> None:
    repository = f"{auth_registry.host}/aeon-test-publish/{run_id}-app"
    done = cli(*publish_args(make_image("auth"), repository, "v0.1.0", tmp_path, "--username", USER,
                             "--password-stdin"), stdin=WRONG + "\n")

    assert done.returncode == 2
    assert done.stdout == ""
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and "rejected the credentials" in lines[0], done.stderr
    assert "Traceback" not in done.stderr
    _no_secret(done.stdout + done.stderr, WRONG)
    assert not (tmp_path / "releases.yaml").exists()
    assert served(auth_registry.host, f"aeon-test-publish/{run_id}-app", "2026-09-11-v0.1.0", (USER, PASSWORD)) is None


@pytest.mark.registry
@pytest.mark.docker
def test_right_password_from_the_environment_publishes_and_never_shows_it(
    auth_registry: RegistryProcess, make_image: ImageMaker, run_id: str, tmp_path: Path
) -> None:
    name = f"aeon-test-publish/{run_id}-app"
    repository = f"{auth_registry.host}/{name}"
    done = cli(*publish_args(make_image("authok"), repository, "v0.1.0", tmp_path, "--username", USER),
               env={"AEON_REGISTRY_PASSWORD": PASSWORD})

    result = as_json(done)
    assert served(auth_registry.host, name, "latest", (USER, PASSWORD)) == result["digest"]
    _no_secret(done.stdout + done.stderr + (tmp_path / "releases.yaml").read_text(), PASSWORD)


@pytest.mark.registry
@pytest.mark.docker
def test_credentials_from_the_docker_config(
    auth_registry: RegistryProcess, make_image: ImageMaker, run_id: str, tmp_path: Path
) -> None:
    # HOME is a fresh folder per test (tests/conftest.py): this config.json is the only one.
    docker_dir = Path.home() / ".docker"
    docker_dir.mkdir()
    auth = base64.b64encode(f"{USER}:{PASSWORD}".encode()).decode()
    (docker_dir / "config.json").write_text(json.dumps({"auths": {auth_registry.host: {"auth": auth}}}))
    repository = f"{auth_registry.host}/aeon-test-publish/{run_id}-app"

    as_json(cli(*publish_args(make_image("cfg"), repository, "v0.1.0", tmp_path)))
    listed = cli("releases", "--repository", repository, "--config", str(tmp_path), "--json")

    assert listed.returncode == 0, listed.stderr
    assert [t["status"] for t in json.loads(listed.stdout)["tags"]] == ["ok"]
    _no_secret(listed.stdout + listed.stderr, PASSWORD)


@pytest.mark.registry
def test_no_credentials_for_an_auth_registry_says_how_to_give_them(
    auth_registry: RegistryProcess, run_id: str, tmp_path: Path
) -> None:
    done = cli("releases", "--repository", f"{auth_registry.host}/aeon-test-publish/{run_id}-app",
               "--config", str(tmp_path))
    assert done.returncode == 2
    assert "requires credentials" in done.stderr and "--username" in done.stderr


@pytest.mark.docker
def test_unreachable_registry_exits_2_with_a_hint(make_image: ImageMaker, run_id: str, tmp_path: Path) -> None:
    with socket.socket() as sock:  # a port nothing listens on once this socket is closed
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    done = cli(*publish_args(make_image("down"), f"127.0.0.1:{port}/aeon-test-publish/{run_id}-app", "v0.1.0",
                             tmp_path))

    assert done.returncode == 2 and done.stdout == ""
    assert f"registry 127.0.0.1:{port} is unreachable" in done.stderr
    assert "(hint: check the registry address and that it is running" in done.stderr
    assert "Traceback" not in done.stderr
    assert records(tmp_path) == []


@pytest.mark.parametrize(
    ("option", "value", "expected"),
    [
        ("--repository", "127.0.0.1:9/aeon-test-publish/app;rm -rf ~", "not a valid REGISTRY/NAME"),
        ("--repository", "aeon-test-publish/app", "not a valid REGISTRY/NAME"),
        ("--version", "v0.29.0$(id)", "not of the form vX.Y.Z"),
        ("--version", "0.29.0", "not of the form vX.Y.Z"),
        ("--variant", "Omni`x`", "variant"),
        ("--date", "2026-02-30", "not a date"),
        ("--date", "2026-09-11|x", "not a date"),
        ("--image", "busybox;reboot", "not a valid image reference"),
    ],
)
def test_names_are_validated_before_anything_else(option: str, value: str, expected: str, tmp_path: Path) -> None:
    # Port 9 (discard) has no registry and there is no such image: a check that came later would
    # fail with "unreachable" or "does not exist" instead.
    args = {"--image": "aeon-test-publish/none:1", "--repository": "127.0.0.1:9/aeon-test-publish/app",
            "--version": "v0.1.0", "--variant": "omni", "--date": "2026-09-11"}
    args[option] = value
    done = cli("publish", *[part for pair in args.items() for part in pair], "--config", str(tmp_path))
    assert done.returncode == 2
    assert expected in done.stderr and "unreachable" not in done.stderr and "does not exist" not in done.stderr


@pytest.mark.registry
@pytest.mark.docker
def test_bearer_token_auth_publishes_and_refuses_a_wrong_password(
    token_registry: RegistryProcess, make_image: ImageMaker, run_id: str, tmp_path: Path
) -> None:
    repository = f"{token_registry.host}/aeon-test-publish/{run_id}-app"
    image = make_image("token")

    wrong = cli(*publish_args(image, repository, "v0.1.0", tmp_path, "--username", USER),
                env={"AEON_REGISTRY_PASSWORD": WRONG})
    assert wrong.returncode == 2 and "rejected the credentials" in wrong.stderr
    _no_secret(wrong.stdout + wrong.stderr, WRONG)

    done = cli(*publish_args(image, repository, "v0.1.0", tmp_path, "--username", USER),
               env={"AEON_REGISTRY_PASSWORD": PASSWORD})
    result = as_json(done)
    listed = cli("releases", "--repository", repository, "--config", str(tmp_path), "--json",
                 "--username", USER, "--password-stdin", stdin=PASSWORD)
    assert listed.returncode == 0, listed.stderr
    assert json.loads(listed.stdout)["latest"] == result["digest"]
    _no_secret(done.stdout + done.stderr + listed.stdout + listed.stderr, PASSWORD)
