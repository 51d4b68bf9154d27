"""What a publish or a rollback stopped for a person (exit 1) reports, what publish refuses of a build's record,
and a registry whose read-back disagrees with the push.  The real engine and the real registry; one fault a real
registry cannot make (serving another manifest than the one just pushed) comes from a proxy in front of it."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler
from pathlib import Path

import pytest

from aeon_release.adapters import docker as images
from tests.publish.conftest import ImageMaker, RegistryProcess
from tests.publish.helpers import Answer, RegistryProxy, as_json, cli, publish_args, records, served

pytestmark = [pytest.mark.registry, pytest.mark.docker]


# -- the --json verdict keeps what the run knew ----------------------------------------------------------------
def test_a_stopped_rollback_reports_where_it_was_going_and_what_latest_held(
    registry: RegistryProcess, make_image: ImageMaker, run_id: str, tmp_path: Path
) -> None:
    """A dated tag that no longer holds its recorded digest stops `rollback` (exit 1): its verdict left the dated
    tag (without --to), the recorded digest and :latest's digest null, all three known before it stopped."""
    repository, name = f"{registry.host}/aeon-test-publish/{run_id}-rb", f"aeon-test-publish/{run_id}-rb"
    older = as_json(cli(*publish_args(make_image("r1"), repository, "v0.27.1", tmp_path, date="2026-08-16")))
    newer = as_json(cli(*publish_args(make_image("r2"), repository, "v0.29.0", tmp_path, date="2026-09-11")))
    images.push(images.local_image(make_image("intruder")).id, repository, older["dated_tag"], None)

    done = cli("rollback", "--repository", repository, "--config", str(tmp_path), "--json")

    assert done.returncode == 1, done.stderr
    verdict = json.loads(done.stdout)
    assert (verdict["ok"], verdict["moved"], verdict["pull"]) == (False, False, None)
    assert (verdict["dated_tag"], verdict["digest"]) == (older["dated_tag"], older["digest"])
    assert (
        verdict["latest_before"] == verdict["latest_after"] == newer["digest"] == served(registry.host, name, "latest")
    )


# -- the variant a build sealed ---------------------------------------------------------------------------------
@pytest.mark.parametrize(("built", "asked"), [(None, "omni"), ("omni", None), ("omni", "slim")])
def test_an_image_is_published_as_the_variant_it_was_built_as(
    registry: RegistryProcess,
    make_image: ImageMaker,
    run_id: str,
    tmp_path: Path,
    built: str | None,
    asked: str | None,
) -> None:
    """`publish --variant omni` of an image built without a variant went out as ``DATE-v0.29.0-omni``, a passed
    audit signed into it: nothing sealed said the variant.  The build's sealed record now does; another variant is
    refused (exit 2) before anything is pushed."""
    repository, name = f"{registry.host}/aeon-test-publish/{run_id}-var", f"aeon-test-publish/{run_id}-var"
    extra = ("--variant", asked) if asked else ()

    done = cli(*publish_args(make_image("plain", variant=built), repository, "v0.29.0", tmp_path, *extra))

    assert done.returncode == 2 and done.stdout == "", done.stderr
    [line] = done.stderr.strip().splitlines()
    assert "(its build record)" in line and "(hint: publish it " in line, line
    assert ("without a variant" if built is None else f"as the variant '{built}'") in line, line
    assert ("without one" if asked is None else f"not as the variant '{asked}'") in line, line
    tag = f"2026-09-11-v0.29.0{'-' + asked if asked else ''}"
    assert served(registry.host, name, tag) is None and served(registry.host, name, "latest") is None
    assert records(tmp_path) == []


def test_the_variant_an_image_was_built_as_is_published(
    registry: RegistryProcess, make_image: ImageMaker, run_id: str, tmp_path: Path
) -> None:
    """The twin: the variant the record names goes through."""
    repository = f"{registry.host}/aeon-test-publish/{run_id}-twin"
    result = as_json(
        cli(*publish_args(make_image("omni", variant="omni"), repository, "v0.29.0", tmp_path, "--variant", "omni"))
    )
    assert result["dated_tag"] == "2026-09-11-v0.29.0-omni"


# -- a read-back that disagrees with the push -------------------------------------------------------------------
class _LyingProxy(RegistryProxy):
    """A proxy in front of the real registry that passes every request through, except that it serves the
    manifest of ``lie_about`` (a tag) to any client but the Docker engine with one byte more: another digest
    than the push reported.  A real registry never serves a tag other bytes than were just put under it, so a
    fake is the only way to make publish's read-back disagree; everything else (the engine's push, the other
    tags, :latest) is the real registry's."""

    def __init__(self, upstream: str, lie_about: str) -> None:
        super().__init__(upstream)
        self.lie_about = lie_about
        self.lied = 0

    def rewrite(
        self, request: BaseHTTPRequestHandler, status: int, headers: list[tuple[str, str]], data: bytes
    ) -> Answer:
        engine = request.headers.get("User-Agent", "").startswith("docker/")
        if request.path.endswith(f"/manifests/{self.lie_about}") and status == 200 and not engine:
            self.lied += 1
            data += b"\n"  # another manifest: the same JSON, another digest
            digest = "sha256:" + hashlib.sha256(data).hexdigest()
            headers = [(k, digest if k.lower() == "docker-content-digest" else v) for k, v in headers]
        return status, headers, data


@pytest.fixture
def lying(registry: RegistryProcess) -> Iterator[_LyingProxy]:
    with _LyingProxy(registry.host, "2026-09-11-v0.2.0") as proxy:
        yield proxy


def test_a_read_back_that_disagrees_with_the_push_stops_before_latest_moves(
    registry: RegistryProcess, lying: _LyingProxy, make_image: ImageMaker, run_id: str, tmp_path: Path
) -> None:
    """The dated tag reads back as another digest than the push reported: exit 1, the one line naming both,
    :latest left where it was (on the real registry), nothing recorded, and the --json verdict says the digest
    pushed and what :latest held and holds."""
    name = f"aeon-test-publish/{run_id}-lie"
    repository = f"{lying.host}/{name}"
    first = as_json(cli(*publish_args(make_image("v1"), repository, "v0.1.0", tmp_path, date="2026-09-10")))
    assert lying.lied == 0  # the lie is of one tag only

    done = cli(*publish_args(make_image("v2"), repository, "v0.2.0", tmp_path))

    assert done.returncode == 1 and lying.lied >= 1, done.stderr
    pushed = served(registry.host, name, "2026-09-11-v0.2.0")
    assert pushed is not None and pushed != first["digest"]
    [line] = done.stderr.strip().splitlines()[-1:]
    assert f"the push reported {pushed} but the registry serves sha256:" in line and ":latest was not moved" in line
    assert served(registry.host, name, "latest") == first["digest"]  # never moved
    assert len(records(tmp_path)) == 1  # the first publish alone
    verdict = json.loads(done.stdout)
    assert (verdict["ok"], verdict["latest_moved"], verdict["pushed"]) == (False, False, True)
    assert verdict["digest"] == pushed and verdict["dated_tag"] == "2026-09-11-v0.2.0"
    assert verdict["latest_before"] == verdict["latest_after"] == first["digest"]
    assert "the registry serves" in verdict["reason"]
