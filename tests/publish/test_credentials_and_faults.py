"""Credentials and the registry's failures: one clean line, exit 2, never the password."""

from __future__ import annotations

import base64
import json
import os
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
    done = cli(
        *publish_args(make_image("auth"), repository, "v0.1.0", tmp_path, "--username", USER, "--password-stdin"),
        stdin=WRONG + "\n",
    )

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
    done = cli(
        *publish_args(make_image("authok"), repository, "v0.1.0", tmp_path, "--username", USER),
        env={"AEON_REGISTRY_PASSWORD": PASSWORD},
    )

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
    done = cli(
        "releases", "--repository", f"{auth_registry.host}/aeon-test-publish/{run_id}-app", "--config", str(tmp_path)
    )
    assert done.returncode == 2
    assert "requires credentials" in done.stderr and "--username" in done.stderr


@pytest.mark.docker
def test_unreachable_registry_exits_2_with_a_hint(make_image: ImageMaker, run_id: str, tmp_path: Path) -> None:
    with socket.socket() as sock:  # bound, never listening, held: no other test's server can take the port meanwhile
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
        done = cli(
            *publish_args(make_image("down"), f"127.0.0.1:{port}/aeon-test-publish/{run_id}-app", "v0.1.0", tmp_path)
        )

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
    args = {
        "--image": "aeon-test-publish/none:1",
        "--repository": "127.0.0.1:9/aeon-test-publish/app",
        "--version": "v0.1.0",
        "--variant": "omni",
        "--date": "2026-09-11",
    }
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

    wrong = cli(
        *publish_args(image, repository, "v0.1.0", tmp_path, "--username", USER), env={"AEON_REGISTRY_PASSWORD": WRONG}
    )
    assert wrong.returncode == 2 and "rejected the credentials" in wrong.stderr
    _no_secret(wrong.stdout + wrong.stderr, WRONG)

    done = cli(
        *publish_args(image, repository, "v0.1.0", tmp_path, "--username", USER),
        env={"AEON_REGISTRY_PASSWORD": PASSWORD},
    )
    result = as_json(done)
    listed = cli(
        "releases",
        "--repository",
        repository,
        "--config",
        str(tmp_path),
        "--json",
        "--username",
        USER,
        "--password-stdin",
        stdin=PASSWORD,
    )
    assert listed.returncode == 0, listed.stderr
    assert json.loads(listed.stdout)["latest"] == result["digest"]
    _no_secret(done.stdout + done.stderr + listed.stdout + listed.stderr, PASSWORD)


HELPER = """#!/bin/sh
# A docker-credential-* helper, by the protocol: `get` reads the server on stdin, answers JSON.
read -r server
echo "$1 $server" >> "{log}"
[ "$1" = get ] || exit 1
case "$server" in
  *{host}*) printf '{{"ServerURL":"%s","Username":"{user}","Secret":"{password}"}}\\n' "$server" ;;
  *) echo "credentials not found in native keychain"; exit 1 ;;
esac
"""


def _helper_on_path(tmp_path: Path, host: str, password: str) -> tuple[dict[str, str], Path]:
    folder, log = tmp_path / "helper-bin", tmp_path / "helper.log"
    folder.mkdir()
    script = folder / "docker-credential-aeontest"
    script.write_text(HELPER.format(log=log, host=host, user=USER, password=password))
    script.chmod(0o755)
    return {"PATH": f"{folder}{os.pathsep}{os.environ['PATH']}"}, log


@pytest.mark.registry
@pytest.mark.docker
@pytest.mark.parametrize("how", ["credsStore", "credHelpers"])
def test_credentials_from_a_credential_helper(
    auth_registry: RegistryProcess, make_image: ImageMaker, run_id: str, tmp_path: Path, how: str
) -> None:
    env, log = _helper_on_path(tmp_path, auth_registry.host, PASSWORD)
    image = make_image(f"helper-{how.lower()}")  # before the config exists: the fixture's SDK client reads it
    config = {"credsStore": "aeontest"} if how == "credsStore" else {"credHelpers": {auth_registry.host: "aeontest"}}
    docker_dir = Path.home() / ".docker"
    docker_dir.mkdir()
    (docker_dir / "config.json").write_text(json.dumps(config))
    repository = f"{auth_registry.host}/aeon-test-publish/{run_id}-app"

    published = as_json(cli(*publish_args(image, repository, "v0.1.0", tmp_path), env=env))
    assert published["pushed"] is True
    assert f"get {auth_registry.host}" in log.read_text()  # the helper was asked, by its protocol
    verified = cli("verify", f"{repository}:latest", env=env)
    assert verified.returncode == 0, verified.stderr
    _no_secret(verified.stdout + verified.stderr, PASSWORD)


@pytest.mark.registry
def test_a_helper_that_fails_is_a_clean_config_error(
    auth_registry: RegistryProcess, run_id: str, tmp_path: Path
) -> None:
    env, _ = _helper_on_path(tmp_path, "no-such-host.invalid", PASSWORD)
    config_dir = tmp_path / "docker-config"
    config_dir.mkdir()
    (config_dir / "config.json").write_text(json.dumps({"credsStore": "missing-helper"}))
    done = cli(
        "releases",
        "--repository",
        f"{auth_registry.host}/aeon-test-publish/{run_id}-app",
        "--config",
        str(tmp_path),
        env={**env, "DOCKER_CONFIG": str(config_dir)},
    )
    assert done.returncode == 2 and "credential helper" in done.stderr and "Traceback" not in done.stderr


def test_docker_config_auths_are_resolved_like_docker_does(tmp_path: Path) -> None:
    from aeon_release.adapters.registry import resolve_credentials
    from aeon_release.errors import ConfigError

    config = tmp_path / "config.json"
    auth = base64.b64encode(f"{USER}:{PASSWORD}".encode()).decode()
    config.write_text(json.dumps({"auths": {"https://registry.example.invalid/v1/": {"auth": auth}}}))
    found = resolve_credentials("registry.example.invalid", None, None, config)
    assert found is not None and (found.username, found.password) == (USER, PASSWORD)
    assert resolve_credentials("other.example.invalid", None, None, config) is None
    config.write_text(json.dumps({"auths": {"registry.example.invalid": {"auth": "not base64 at all!"}}}))
    with pytest.raises(ConfigError) as bad:
        resolve_credentials("registry.example.invalid", None, None, config)
    assert str(config) in bad.value.message and "docker login" in (bad.value.hint or "")
