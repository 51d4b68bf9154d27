"""The attestation is bound to the pushed digest, signed, and checked by `verify`; labels buy nothing."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from aeon_release.adapters import artifacts, signing
from aeon_release.adapters.registry import Registry, parse_repository
from aeon_release.commands import verify
from aeon_release.errors import NeedsHuman
from tests.publish.conftest import ImageMaker, RegistryProcess
from tests.publish.helpers import TODAY, as_json, cli, publish_args, records, served

pytestmark = [pytest.mark.registry, pytest.mark.docker]


def _repo(registry: RegistryProcess, run_id: str) -> tuple[str, str]:
    name = f"aeon-test-publish/{run_id}-app"
    return f"{registry.host}/{name}", name


def test_publish_signs_an_attestation_of_the_digest_and_verify_checks_it(
    registry: RegistryProcess, make_image: ImageMaker, run_id: str, tmp_path: Path, signing_key: Path
) -> None:
    repository, name = _repo(registry, run_id)
    done = cli(*publish_args(make_image("signed"), repository, "v0.29.0", tmp_path))
    result = as_json(done)
    digest = result["digest"]
    # progress per layer, on stderr (the session's registry may hold the base layers already)
    assert re.search(r"layer [0-9a-f]{12}: (pushed|layer already exists|mounted from)", done.stderr)
    assert f"verify: aeon-release verify {repository}:2026-09-11-v0.29.0" in done.stderr
    assert result["attestation"] == f"{repository}:{digest.replace(':', '-')}.att"
    assert served(registry.host, name, digest.replace(":", "-") + ".att") is not None
    assert records(tmp_path)[0]["audit"]["attestation"] == result["attestation"]
    assert signing_key.read_text() not in json.dumps(result)  # the secret key is never shown

    # The envelope, read back independently: a DSSE envelope whose statement names the digest.
    envelope = artifacts.pull(parse_repository(repository), None, digest)
    assert envelope is not None
    statement = signing.verify(envelope, signing.load_public(signing.public_path(signing_key))).statement
    assert statement["subject"] == [{"name": repository, "digest": {"sha256": digest.split(":")[1]}}]
    assert statement["predicate"]["audit"]["status"] == "passed"
    assert statement["predicate"]["audit"]["report_sha256"] == "ab" * 32

    done = cli("verify", f"{repository}:2026-09-11-v0.29.0", "--key", str(signing.public_path(signing_key)), "--json")
    assert done.returncode == 0, done.stderr
    shown = json.loads(done.stdout)
    assert shown["verified"] is True and shown["digest"] == digest and shown["audit"]["status"] == "passed"
    assert "verified" in done.stderr and "audit: passed" in done.stderr
    assert shown["variant"] is None and shown["variant_recorded"] is True and "variant: none" in done.stderr
    assert verify.verify(f"{repository}:latest", None, None, None)["digest"] == digest  # default key: the .pub


def test_verify_refuses_another_key_and_a_tag_moved_to_an_unattested_image(
    registry: RegistryProcess, make_image: ImageMaker, run_id: str, tmp_path: Path
) -> None:
    repository, name = _repo(registry, run_id)
    first = as_json(cli(*publish_args(make_image("one"), repository, "v0.1.0", tmp_path)))
    other = tmp_path / "other.key"
    signing.generate(other)
    wrong_key = cli("verify", f"{repository}:latest", "--key", str(other) + ".pub")  # the exit code, once
    assert wrong_key.returncode == 1 and "does not verify" in wrong_key.stderr

    # Someone re-points :latest at the manifest of another image (and copies the attestation tag's
    # name would not help: the statement names the first digest).
    from aeon_release.adapters import docker as images

    intruder = images.push(images.local_image(make_image("intruder")).id, repository, "intruder", None)
    registry_client = Registry(parse_repository(repository))
    manifest = registry_client.manifest(intruder)
    assert manifest is not None
    registry_client.put_manifest("latest", manifest)
    with pytest.raises(NeedsHuman, match="has no attestation"):
        verify.verify(f"{repository}:latest", None, None, None)
    # An attestation copied onto the intruder's .att tag names the first digest: refused.
    attestation = registry_client.manifest(first["digest"].replace(":", "-") + ".att")
    assert attestation is not None
    registry_client.put_manifest(intruder.replace(":", "-") + ".att", attestation)
    with pytest.raises(NeedsHuman, match=f"not {intruder}"):
        verify.verify(f"{repository}:latest", None, None, None)
    assert served(registry.host, name, "2026-09-11-v0.1.0") == first["digest"]


def test_an_image_that_copies_every_label_of_an_audited_one_is_refused(
    registry: RegistryProcess, make_image: ImageMaker, run_id: str, tmp_path: Path
) -> None:
    repository, name = _repo(registry, run_id)
    forged = make_image("forged", audit="passed", recorded=False)  # same labels, never built by the fleet
    refused = cli(*publish_args(forged, repository, "v0.1.0", tmp_path))
    assert refused.returncode == 2 and "was not built by aeon-release" in refused.stderr
    assert "labels are not trusted" in refused.stderr
    assert served(registry.host, name, "2026-09-11-v0.1.0") is None and records(tmp_path) == []

    # --skip-audit is the one way around, and the signed statement carries the reason.
    skipped = ("--skip-audit", "vendor build")
    result = as_json(cli(*publish_args(forged, repository, "v0.1.0", tmp_path, *skipped, date=TODAY)))
    envelope = artifacts.pull(parse_repository(repository), None, result["digest"])
    assert envelope is not None
    predicate = json.loads(__import__("base64").b64decode(json.loads(envelope)["payload"]))["predicate"]
    assert predicate["audit"]["status"] == "skipped" and predicate["audit"]["skip_audit"] == "vendor build"
    shown = verify.verify(f"{repository}:{TODAY}-v0.1.0", None, None, None)
    assert shown["audit"]["status"] == "skipped" and shown["audit"]["skip_audit"] == "vendor build"


def test_a_build_that_skipped_its_audits_needs_skip_audit_to_publish(
    registry: RegistryProcess, make_image: ImageMaker, run_id: str, tmp_path: Path
) -> None:
    repository, _ = _repo(registry, run_id)
    refused = cli(*publish_args(make_image("skipped", audit="skipped"), repository, "v0.1.0", tmp_path))
    assert refused.returncode == 2 and "without passing its audits" in refused.stderr


def test_publish_without_a_signing_key_is_refused_before_any_push(
    registry: RegistryProcess, make_image: ImageMaker, run_id: str, tmp_path: Path
) -> None:
    repository, name = _repo(registry, run_id)
    done = cli(*publish_args(make_image("nokey"), repository, "v0.1.0", tmp_path), env={"AEON_SIGNING_KEY": ""})
    assert done.returncode == 2 and "no signing key" in done.stderr and "keygen" in done.stderr
    assert served(registry.host, name, "2026-09-11-v0.1.0") is None
