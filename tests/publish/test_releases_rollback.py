"""`releases` cross-checks the registry with releases.yaml; `rollback` moves :latest back."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from aeon_release.adapters import docker as images
from tests.publish.conftest import ImageMaker, RegistryProcess
from tests.publish.helpers import as_json, cli, publish_args, records, served

pytestmark = [pytest.mark.registry, pytest.mark.docker]


def _three_releases(
    registry: RegistryProcess, make_image: ImageMaker, run_id: str, config: Path
) -> tuple[str, str, list[dict[str, str]]]:
    name = f"aeon-test-publish/{run_id}-app"
    repository = f"{registry.host}/{name}"
    published = [
        as_json(cli(*publish_args(make_image(f"r{i}"), repository, version, config, date=date)))
        for i, (version, date) in enumerate(
            [("v0.26.0", "2026-07-27"), ("v0.27.1", "2026-08-16"), ("v0.29.0", "2026-09-11")]
        )
    ]
    return repository, name, published


def test_rollback_restores_the_previous_digest_then_a_named_one(
    registry: RegistryProcess, make_image: ImageMaker, run_id: str, tmp_path: Path
) -> None:
    repository, name, (first, second, third) = _three_releases(registry, make_image, run_id, tmp_path)
    assert third["rollback_tag"] == second["dated_tag"]

    done = cli("rollback", "--repository", repository, "--config", str(tmp_path), "--json")
    assert done.returncode == 0, done.stderr
    assert served(registry.host, name, "latest") == second["digest"]
    moved = json.loads(done.stdout)  # strict JSON on stdout; the human line went to stderr
    assert (moved["dated_tag"], moved["moved"]) == (second["dated_tag"], True) and "rolled back" in done.stderr
    entry = records(tmp_path)[-1]
    assert entry["action"] == "rollback" and entry["dated_tag"] == second["dated_tag"]
    assert (entry["latest_before"], entry["latest_after"]) == (third["digest"], second["digest"])

    # A second rollback goes one release further back.
    assert cli("rollback", "--repository", repository, "--config", str(tmp_path)).returncode == 0
    assert served(registry.host, name, "latest") == first["digest"]

    done = cli("rollback", "--repository", repository, "--config", str(tmp_path), "--to", third["dated_tag"])
    assert done.returncode == 0, done.stderr
    assert served(registry.host, name, "latest") == third["digest"]
    assert len(records(tmp_path)) == 6


def test_rollback_refuses_a_dated_tag_whose_digest_changed(
    registry: RegistryProcess, make_image: ImageMaker, run_id: str, tmp_path: Path
) -> None:
    repository, name, (_, second, third) = _three_releases(registry, make_image, run_id, tmp_path)
    images.push(images.local_image(make_image("intruder")).id, repository, second["dated_tag"], None)

    done = cli("rollback", "--repository", repository, "--config", str(tmp_path))

    assert done.returncode == 1 and "releases.yaml records" in done.stderr
    assert served(registry.host, name, "latest") == third["digest"]


def test_releases_lists_tags_and_reports_a_tag_changed_behind_our_back(
    registry: RegistryProcess, make_image: ImageMaker, run_id: str, tmp_path: Path
) -> None:
    repository, name, (first, second, third) = _three_releases(registry, make_image, run_id, tmp_path)

    clean = cli("releases", "--repository", repository, "--config", str(tmp_path), "--json")
    assert clean.returncode == 0, clean.stderr
    listing = json.loads(clean.stdout)
    assert listing["latest"] == third["digest"] and listing["alarms"] == []
    assert [(t["tag"], t["digest"], t["status"], t["latest"]) for t in listing["tags"]] == [
        (first["dated_tag"], first["digest"], "ok", False),
        (second["dated_tag"], second["digest"], "ok", False),
        (third["dated_tag"], third["digest"], "ok", True),
    ]
    # `releases | less`: the listing itself is on stdout, one line per dated tag
    table = cli("releases", "--repository", repository, "--config", str(tmp_path))
    assert table.returncode == 0 and table.stdout.startswith(
        f"{repository}: 3 dated tag(s); :latest = {third['digest']}"
    )
    assert f"{third['dated_tag']}  {third['digest']}  ok <- :latest" in table.stdout

    # Someone retags the first release with another image, straight through the engine.
    images.push(images.local_image(make_image("intruder")).id, repository, first["dated_tag"], None)
    changed = served(registry.host, name, first["dated_tag"])
    assert changed != first["digest"]

    alarmed = cli("releases", "--repository", repository, "--config", str(tmp_path), "--json")
    assert alarmed.returncode == 1
    rows = {t["tag"]: t for t in json.loads(alarmed.stdout)["tags"]}
    assert rows[first["dated_tag"]]["status"] == "changed"
    assert rows[first["dated_tag"]]["recorded_digest"] == first["digest"]
    assert rows[first["dated_tag"]]["digest"] == changed
    assert "1 alarm(s)" in alarmed.stderr and first["dated_tag"] in alarmed.stderr


def test_releases_yaml_errors_name_the_place(tmp_path: Path) -> None:
    # Port 9 has no registry: the file is checked before the network is touched.
    (tmp_path / "releases.yaml").write_text("releases:\n- action: publish\n  colour: blue\n")
    done = cli("releases", "--repository", "127.0.0.1:9/aeon-test-publish/x", "--config", str(tmp_path))
    assert done.returncode == 2
    assert "releases.yaml: releases[0].colour: unknown key" in done.stderr


def test_republish_after_a_rollback_leaves_latest_alone(
    registry: RegistryProcess, make_image: ImageMaker, run_id: str, tmp_path: Path
) -> None:
    repository, name = f"{registry.host}/aeon-test-publish/{run_id}-rb", f"aeon-test-publish/{run_id}-rb"
    old, new = make_image("old"), make_image("new")
    first = as_json(cli(*publish_args(old, repository, "v0.27.1", tmp_path, date="2026-08-16")))
    as_json(cli(*publish_args(new, repository, "v0.29.0", tmp_path, date="2026-09-11")))
    assert cli("rollback", "--repository", repository, "--config", str(tmp_path)).returncode == 0
    assert served(registry.host, name, "latest") == first["digest"]
    again = cli(*publish_args(new, repository, "v0.29.0", tmp_path, date="2026-09-11"))
    assert again.returncode == 0, again.stderr
    assert "rolled back" in again.stderr
    assert served(registry.host, name, "latest") == first["digest"]
    assert as_json(again)["noop"] is True


def test_a_refused_rollback_prints_its_json_verdict(
    registry: RegistryProcess, make_image: ImageMaker, run_id: str, tmp_path: Path
) -> None:
    """A dated tag that no longer holds its recorded digest stops the rollback (exit 1), a verdict as a failed
    audit is: `rollback --json` printed nothing on stdout for it, and `jq .ok` read an empty string."""
    repository, name, (_, second, third) = _three_releases(registry, make_image, run_id, tmp_path)
    images.push(images.local_image(make_image("intruder")).id, repository, second["dated_tag"], None)

    done = cli("rollback", "--repository", repository, "--config", str(tmp_path), "--json")

    assert done.returncode == 1 and "releases.yaml records" in done.stderr
    verdict = json.loads(done.stdout)
    assert (verdict["ok"], verdict["moved"], verdict["repository"]) == (False, False, repository)
    assert "releases.yaml records" in verdict["reason"] and second["dated_tag"] in verdict["reason"]
    assert served(registry.host, name, "latest") == third["digest"]


def test_a_rollback_with_nothing_to_go_back_to_prints_no_json(
    registry: RegistryProcess, run_id: str, tmp_path: Path
) -> None:
    """The twin: nothing recorded to roll back to is refused (exit 2), the error line on stderr alone."""
    repository = f"{registry.host}/aeon-test-publish/{run_id}-empty"
    done = cli("rollback", "--repository", repository, "--config", str(tmp_path), "--json")
    assert done.returncode == 2 and "no recorded previous release" in done.stderr and done.stdout == ""
