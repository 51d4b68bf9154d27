"""Publishing against a real docker-registry process and the real Docker engine."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from aeon_release.adapters import docker as images
from aeon_release.errors import NeedsHuman, ServiceError
from aeon_release.pipeline.publish import PublishRequest, plan, publish, run
from tests.publish.conftest import ImageMaker, RegistryProcess
from tests.publish.helpers import TODAY, as_json, cli, publish_args, records, served

pytestmark = [pytest.mark.registry, pytest.mark.docker]


def _repo(registry: RegistryProcess, run_id: str) -> tuple[str, str]:
    name = f"aeon-test-publish/{run_id}-app"
    return f"{registry.host}/{name}", name


def test_first_publish_pins_dated_tag_and_latest_to_one_digest(
    registry: RegistryProcess, make_image: ImageMaker, run_id: str, tmp_path: Path
) -> None:
    image = make_image("first", variant="omni")
    repository, name = _repo(registry, run_id)

    result = as_json(cli(*publish_args(image, repository, "v0.29.0", tmp_path, "--variant", "omni")))

    digest = served(registry.host, name, "2026-09-11-v0.29.0-omni")
    assert digest is not None and digest.startswith("sha256:")
    assert served(registry.host, name, "latest") == digest
    assert result["dated_tag"] == "2026-09-11-v0.29.0-omni"
    assert result["digest"] == digest
    assert result["pull"] == f"{repository}@{digest}"
    assert (result["latest_before"], result["latest_after"], result["rollback_tag"]) == (None, digest, None)
    [entry] = records(tmp_path)
    assert entry["action"] == "publish" and entry["version"] == "v0.29.0" and entry["variant"] == "omni"
    assert entry["digest"] == digest and entry["date"] == "2026-09-11" and entry["repository"] == repository
    assert entry["latest_before"] is None and entry["latest_after"] == digest
    assert entry["audit"]["status"] == "passed"


def test_republishing_the_same_image_is_a_no_op(
    registry: RegistryProcess, make_image: ImageMaker, run_id: str, tmp_path: Path
) -> None:
    image = make_image("same")
    repository, name = _repo(registry, run_id)
    first = as_json(cli(*publish_args(image, repository, "v0.1.0", tmp_path)))
    record_before = (tmp_path / "releases.yaml").read_text()

    again = as_json(cli(*publish_args(image, repository, "v0.1.0", tmp_path)))

    assert again["noop"] is True and again["pushed"] is False and again["latest_moved"] is False
    assert again["digest"] == first["digest"] == served(registry.host, name, "latest")
    assert (tmp_path / "releases.yaml").read_text() == record_before
    # without --json the outcome is the primary output, on stdout
    plain = cli(*[a for a in publish_args(image, repository, "v0.1.0", tmp_path) if a != "--json"])
    assert plain.returncode == 0 and plain.stdout.startswith(f"nothing to do: {repository}:2026-09-11-v0.1.0")


def test_a_different_image_under_an_existing_dated_tag_is_refused(
    registry: RegistryProcess, make_image: ImageMaker, run_id: str, tmp_path: Path
) -> None:
    repository, name = _repo(registry, run_id)
    first = as_json(cli(*publish_args(make_image("one"), repository, "v0.1.0", tmp_path)))

    done = cli(*publish_args(make_image("two"), repository, "v0.1.0", tmp_path))

    assert done.returncode == 2, done.stderr
    assert "already holds" in done.stderr and "immutable" in done.stderr and done.stdout == ""
    assert served(registry.host, name, "2026-09-11-v0.1.0") == first["digest"]
    assert served(registry.host, name, "latest") == first["digest"]
    assert len(records(tmp_path)) == 1


def test_an_older_version_does_not_move_latest_without_allow_downgrade(
    registry: RegistryProcess, make_image: ImageMaker, run_id: str, tmp_path: Path
) -> None:
    repository, name = _repo(registry, run_id)
    newer = as_json(cli(*publish_args(make_image("new"), repository, "v0.29.0", tmp_path)))
    older_image = make_image("old")

    refused = cli(*publish_args(older_image, repository, "v0.27.1", tmp_path, date="2026-09-12"))

    assert refused.returncode == 2 and refused.stdout == ""  # refused input: no JSON, as merge and audit
    assert "holds v0.29.0, newer than v0.27.1" in refused.stderr and "--allow-downgrade" in refused.stderr
    # Preconditions come first: not even the dated tag was pushed.
    assert served(registry.host, name, "2026-09-12-v0.27.1") is None
    assert served(registry.host, name, "latest") == newer["digest"]

    allowed = as_json(
        cli(*publish_args(older_image, repository, "v0.27.1", tmp_path, "--allow-downgrade", date="2026-09-12"))
    )
    assert served(registry.host, name, "latest") == allowed["digest"] != newer["digest"]
    assert records(tmp_path)[-1]["latest_before"] == newer["digest"]


def test_no_latest_publishes_only_the_dated_tag(
    registry: RegistryProcess, make_image: ImageMaker, run_id: str, tmp_path: Path
) -> None:
    repository, name = _repo(registry, run_id)
    result = as_json(cli(*publish_args(make_image("nolatest"), repository, "v0.1.0", tmp_path, "--no-latest")))
    assert served(registry.host, name, "2026-09-11-v0.1.0") == result["digest"]
    assert served(registry.host, name, "latest") is None
    assert records(tmp_path)[0]["latest_after"] is None


def test_registry_stopped_after_the_dated_push_leaves_latest_and_a_rerun_completes(
    registry: RegistryProcess, make_image: ImageMaker, run_id: str, tmp_path: Path
) -> None:
    repository, name = _repo(registry, run_id)
    old = publish(
        PublishRequest(make_image("v1"), repository, "v0.1.0", date="2026-09-10", config_dir=tmp_path, repo=tmp_path)
    )
    request = PublishRequest(
        make_image("v2"), repository, "v0.2.0", date="2026-09-11", config_dir=tmp_path, repo=tmp_path
    )

    def stop_registry(stage: str) -> None:
        if stage == "dated-pushed":
            registry.stop()  # the real process, killed between the two pushes

    with pytest.raises(ServiceError) as stopped:
        publish(request, after_step=stop_registry)
    assert "unreachable" in stopped.value.message and "rerun" in (stopped.value.hint or "")

    registry.start()
    dated = served(registry.host, name, "2026-09-11-v0.2.0")
    assert dated is not None and dated != old.digest
    assert served(registry.host, name, "latest") == old.digest
    assert len(records(tmp_path)) == 1

    rerun = publish(request)
    assert (rerun.pushed, rerun.latest_moved, rerun.digest) == (False, True, dated)
    assert served(registry.host, name, "latest") == dated
    assert rerun.rollback_tag == "2026-09-10-v0.1.0"
    assert [r["latest_after"] for r in records(tmp_path)] == [old.digest, dated]


def test_an_image_without_audit_attestation_needs_skip_audit_which_is_recorded(
    registry: RegistryProcess, make_image: ImageMaker, run_id: str, tmp_path: Path
) -> None:
    repository, name = _repo(registry, run_id)
    image = make_image("unaudited", audit=None)

    refused = cli(*publish_args(image, repository, "v0.1.0", tmp_path))
    assert refused.returncode == 2 and "was not built by aeon-release" in refused.stderr
    assert "--skip-audit" in refused.stderr
    assert served(registry.host, name, "2026-09-11-v0.1.0") is None

    as_json(cli(*publish_args(image, repository, "v0.1.0", tmp_path, "--skip-audit", "vendor build", date=TODAY)))
    assert records(tmp_path)[0]["audit"]["status"] == "skipped"
    assert "vendor build" in records(tmp_path)[0]["audit"]["detail"]


def test_the_plan_changes_nothing_and_says_what_acting_will_do(
    registry: RegistryProcess, make_image: ImageMaker, run_id: str, tmp_path: Path
) -> None:
    repository, name = _repo(registry, run_id)
    request = PublishRequest(
        make_image("plan"), repository, "v0.3.0", date="2026-09-11", config_dir=tmp_path, repo=tmp_path
    )

    actions = plan(request).actions()

    assert actions[0].startswith(f"push {request.image}") and f"{repository}:2026-09-11-v0.3.0" in actions[0]
    assert actions[1].startswith("sign the attestation (audit passed)")
    assert actions[2].startswith("point :latest (now absent)")
    assert actions[3].startswith("append the release to")
    assert served(registry.host, name, "2026-09-11-v0.3.0") is None and served(registry.host, name, "latest") is None
    assert not (tmp_path / "releases.yaml").exists()

    publish(request)
    assert plan(request).actions()[0] == (
        f"{repository}:2026-09-11-v0.3.0 already holds {request.image} at "
        f"{served(registry.host, name, 'latest')}: no push"
    )
    assert len(plan(request).actions()) == 2  # only the attestation check is left


def test_a_publish_that_stopped_for_a_person_prints_its_json_verdict(
    registry: RegistryProcess, make_image: ImageMaker, run_id: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """:latest moved by another publisher while this one worked (a real second push to the real registry, between
    the dated push and the move) stops the publish (exit 1): `publish --json` printed nothing on stdout for it,
    and then said ``digest: null`` and ``latest_before: null`` though the dated tag was pushed at a known digest
    and the plan had read :latest.  It says both now, and what :latest holds (the other publisher's digest)."""
    repository, name = _repo(registry, run_id)
    first = publish(
        PublishRequest(make_image("v1"), repository, "v0.1.0", date="2026-09-10", config_dir=tmp_path, repo=tmp_path)
    )
    intruder = images.local_image(make_image("other")).id
    request = PublishRequest(
        make_image("v2"), repository, "v0.2.0", date="2026-09-11", config_dir=tmp_path, repo=tmp_path
    )

    def another_publisher(stage: str) -> None:
        if stage == "dated-pushed":
            images.push(intruder, repository, "latest", None)

    capsys.readouterr()
    with pytest.raises(NeedsHuman, match="while this run was working"):
        run(request, json_out=True, after_step=another_publisher)
    verdict = json.loads(capsys.readouterr().out)
    assert (verdict["ok"], verdict["latest_moved"], verdict["dated_tag"]) == (False, False, "2026-09-11-v0.2.0")
    assert "while this run was working" in verdict["reason"] and verdict["repository"] == repository
    dated = served(registry.host, name, "2026-09-11-v0.2.0")
    assert dated is not None  # the dated tag was pushed
    assert (verdict["digest"], verdict["pull"], verdict["pushed"]) == (dated, f"{repository}@{dated}", True)
    assert verdict["latest_before"] == first.digest
    assert verdict["latest_after"] == served(registry.host, name, "latest") != dated
    assert verdict["attestation"].endswith(".att")


def test_a_published_json_says_ok(
    registry: RegistryProcess, make_image: ImageMaker, run_id: str, tmp_path: Path
) -> None:
    """The exit-0 object carries the same status fields: ok true, no reason."""
    repository, _ = _repo(registry, run_id)
    result = as_json(cli(*publish_args(make_image("okjson"), repository, "v0.1.0", tmp_path)))
    assert (result["ok"], result["reason"]) == (True, None)
