"""One grammar: every command agrees on versions, variants and image names (issue: the copies disagreed)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from aeon_release.adapters import registry
from aeon_release.domain import names
from aeon_release.domain.release_record import DATED_TAG
from aeon_release.errors import UsageError
from aeon_release.pipeline import publish
from tests.helpers import Result, run_cli

ROOT = Path(__file__).resolve().parents[1]


def _build(capsys: pytest.CaptureFixture[str], tmp_path: Path, *args: str) -> Result:
    # Refused in preflight: no engine is contacted, so --repo need not even be a repository.
    return run_cli("build", "--repo", tmp_path, "--config", ROOT, *args)


def _publish(capsys: pytest.CaptureFixture[str], tmp_path: Path, *args: str) -> Result:
    # Port 9 (discard) has no registry: a name check that came later would say "unreachable".
    return run_cli(
        "publish",
        "--image",
        "team/app:1",
        "--repository",
        "127.0.0.1:9/team/app",
        "--config",
        tmp_path,
        "--date",
        "2026-09-11",
        *args,
    )


@pytest.mark.parametrize("variant", ["omni.2", "Omni", "omni-", "-omni", "omni\n", "a" * 33])
def test_build_and_publish_refuse_the_same_variants(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, variant: str
) -> None:
    built = _build(capsys, tmp_path, "--version", "v0.29.0", "--variant", variant)
    published = _publish(capsys, tmp_path, "--version", "v0.29.0", "--variant", variant)
    for result in (built, published):
        assert result.code == 2 and f"variant {variant!r} is not a valid variant" in result.err, result.err


@pytest.mark.parametrize(
    "version",
    [
        "0.29",
        "0.30",
        "v0.29",
        "0.29.0",
        "v0.29.0\n",
        "v0.29.0-omni",
        "v0.29.0rc",
        "v0.29.0 ",
        "V0.29.0",
        "v0.29.0+local",
    ],
)
def test_build_and_publish_refuse_the_same_versions(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, version: str
) -> None:
    built = _build(capsys, tmp_path, "--version", version)
    published = _publish(capsys, tmp_path, "--version", version)
    for result in (built, published):
        assert result.code == 2 and f"version {version!r} is not of the form vX.Y.Z" in result.err, result.err


@pytest.mark.parametrize("version", ["v0.30.0rc1", "v0.29.1.post1", "v1.0.0b2", "v0.30.0", "v0.30.0.dev3"])
def test_rc_and_post_versions_are_release_versions(version: str) -> None:
    assert names.check_version(version) == version
    request = publish.PublishRequest("team/app:1", "127.0.0.1:5000/team/app", version, "omni", "2026-09-11")
    dated = publish.validate_names(request).dated_tag
    assert dated == f"2026-09-11-{version}-omni"
    match = DATED_TAG.fullmatch(dated)  # releases and rollback read the version back from the tag
    assert match is not None and match.groups() == ("2026-09-11", version, "omni")


def test_versions_sort_as_pep_440_for_latest() -> None:
    ordered = [
        "v0.29.0",
        "v0.29.1.post1",
        "v0.30.0.dev3",
        "v0.30.0rc1",
        "v0.30.0rc2",
        "v0.30.0",
        "v0.30.0.post1",
        "v0.31.0",
    ]
    assert sorted(reversed(ordered), key=names.version_key) == ordered
    assert names.version_key("v0.10.0") > names.version_key("v0.9.0")  # numbers, not strings


def test_fork_branches_hold_exactly_a_release() -> None:
    assert names.branch_version("aeon-", "aeon-v0.30.0rc1") == names.version_key("v0.30.0rc1")
    for branch in ("aeon-v0.27.1-backup", "aeon-v0.27.1-wip", "other-v0.27.1", "aeon-v0.27.1\n"):
        assert names.branch_version("aeon-", branch) is None


@pytest.mark.parametrize(
    "reference",
    ["app", "team/app:v0.29.0-omni", "127.0.0.1:5000/team/app:1", "ghcr.io/team/app", "localhost/a__b/c-d:latest"],
)
def test_docker_reference_grammar_accepts(reference: str) -> None:
    assert names.check_image_name(reference) == reference
    assert names.check_image(reference) == reference


@pytest.mark.parametrize(
    "reference",
    [
        "Team/App:1",
        "app:1;rm",
        "app:",
        "/app",
        "app:1\n",
        "a" * 256,
        "app:-x",
        "team//app",
        "app@sha256:" + "0" * 64,
        "app:v\u00e9",  # Docker's \w is ASCII: a tag the engine and the registry would refuse
    ],
)
def test_docker_reference_grammar_refuses(reference: str) -> None:
    with pytest.raises(UsageError, match="is not a valid image name"):
        names.check_image_name(reference)


@pytest.mark.parametrize(
    "repository",
    [
        "127.0.0.1:5000/team/app",
        "ghcr.io/team/app",
        "localhost:5000/a__b/c-d",
        "[::1]:5000/team/app",
        "127.0.0.1:5000/Team/app",
        "127.0.0.1:5000/team//app",
        "127.0.0.1:5000/team/app:1",
        "-bad.io/team/app",
        "ghcr.io/" + "a" * 250,
    ],
)
def test_the_registry_client_and_publish_agree_on_repositories(repository: str) -> None:
    """One grammar (aeon_release/grammar.py): the registry adapter cannot import the domain, so both
    read the same patterns from below; a repository one accepts, the other accepts."""

    def accepts(check: Callable[[str], object]) -> bool:
        try:
            check(repository)
        except UsageError:
            return False
        return True

    assert accepts(names.check_repository) == accepts(registry.parse_repository)


def test_publish_takes_an_image_id_or_a_digest_reference() -> None:
    assert names.check_image("sha256:" + "a" * 64) and names.check_image("app@sha256:" + "0" * 64)
    with pytest.raises(UsageError, match="not a valid image reference"):
        names.check_image("busybox;reboot")


def test_dates_are_real_and_whole() -> None:
    assert names.check_date("2026-02-28") == "2026-02-28"
    for text in ("2026-02-30", "2026-2-28", "2026-02-28\n", "20260228"):
        with pytest.raises(UsageError, match="is not a date"):
            names.check_date(text)


def test_a_dated_tag_names_a_real_day(tmp_path: Path) -> None:
    """`rollback --to` reads a dated tag as `--date` reads a date: Feb 30 is refused before any registry is asked."""
    assert names.check_dated_tag("2026-08-16-v0.27.1-slim") == "2026-08-16-v0.27.1-slim"
    for text in ("2026-02-30-v0.29.0", "2026-13-01-v0.29.0", "2026-08-16-0.27.1", "2026-08-16"):
        with pytest.raises(UsageError, match="is not a dated tag"):
            names.check_dated_tag(text)
    done = run_cli("rollback", "--repository", "127.0.0.1:9/x/y", "--to", "2026-02-30-v0.29.0", "--config", tmp_path)
    assert done.code == 2 and "--to '2026-02-30-v0.29.0' is not a dated tag" in done.err and "Traceback" not in done.err


def test_one_size_formatter_two_unit_systems() -> None:
    assert names.human_size(5 * 1024 * 1024) == "5.0 MiB" and names.human_size(512) == "512 B"
    assert names.human_size(18_300_000_000, decimal=True) == "18.3 GB" and names.human_size(None) == "0 B"


@pytest.mark.parametrize(
    ("repository", "ok"),
    [
        ("myfork", True),
        ("ghcr.io/me/myfork", True),
        ("localhost:5000/me/myfork", True),
        ("localhost/me/myfork", True),
        ("127.0.0.1:5000/team/app", True),
        ("registry.example.com:443/team/app", True),
        ("Upper/case", False),  # no dot, port or localhost: a path, and an uppercase one
        ("ghcr.io/Me/myfork", False),
        ("localhost:5000", False),  # a host alone names no image
        ("team/app:1", False),  # a tag belongs to the version, not the name
    ],
)
def test_fleet_repository_and_init_image_accept_a_registry_host(repository: str, ok: bool) -> None:
    """fleet.yaml's image.repository (the schema) and `init --image` read one pattern, grammar.REPOSITORY:
    a local image name may start with a registry host, with its port (docker tags it so)."""
    import json
    from importlib import resources

    from aeon_release import grammar

    schema = json.loads((resources.files("aeon_release") / "data/schemas/fleet.schema.json").read_text())
    assert schema["properties"]["image"]["properties"]["repository"]["pattern"] == f"^{grammar.REPOSITORY.pattern}\\Z"
    assert bool(grammar.REPOSITORY.fullmatch(repository)) is ok
