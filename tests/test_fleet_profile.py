"""The fleet profile: the engine holds no fleet literal, and a second fleet (not AEON) merges and builds."""

from __future__ import annotations

import json
import re
import textwrap
from pathlib import Path
from typing import Any

import pytest

from aeon_release.domain import profile
from aeon_release.errors import ConfigError
from tests.helpers import Result, git, run_cli

ROOT = Path(__file__).resolve().parents[1]
ENGINE = ROOT / "aeon_release"
# What makes the AEON fleet the AEON fleet; none of it may appear in the engine.  The tool's own name
# (aeon-release, its `# aeon-audit:` comments, temp-folder prefixes) is not a fleet literal.
FLEET_LITERALS = re.compile(
    r"aeon-(?!release\b|audit\b|check\b|build-|diff\b|archprobe-|demo\b|demo-)|vllm"
    r"|KVQuantMode|sm_?12\d|\b12\.[01]a?\b|GB10|DGX|spec_decode|AEON_TEST|FLEET_FACTS",
    re.IGNORECASE,
)
# The bundled example (`aeon-release demo`) is an example fleet, like data/: vLLM-shaped on purpose.
EXAMPLES = ("commands/demo.py", "commands/demo_repo.py", "commands/demo_docker.py")


def test_the_engine_holds_no_fleet_literal() -> None:
    found = []
    for path in sorted(ENGINE.rglob("*.py")):
        relative = path.relative_to(ENGINE).as_posix()
        if relative.startswith("data/") or relative in EXAMPLES:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            # The tool's home page is the tool's, not the fleet's.
            for match in FLEET_LITERALS.finditer(line.replace("github.com/aeon-7/aeon-release", "")):
                found.append(f"{relative}:{number}: {match.group(0)!r} in {line.strip()[:100]}")
    assert found == [], "fleet literals in the engine (move them to fleet.yaml):\n" + "\n".join(found)


def test_the_fleet_literal_check_can_fail() -> None:
    for line in (
        'BRANCH_PREFIX = "aeon-"',
        'DEFAULT = "aeon-vllm-ultimate"',
        "class KVQuantMode:",
        'ARCH = "12.1a"',
        '"vllm:spec_decode_num_drafts"',
        "sm_121a",
        'if k.startswith("AEON_TEST")',
    ):
        assert FLEET_LITERALS.search(line), line
    for line in ("aeon-release merge", "# aeon-audit: ignore[x]", 'prefix="aeon-build-"', "/aeon-check/x.sh"):
        assert not FLEET_LITERALS.search(line), line


def test_the_repository_profile_loads() -> None:
    fleet = profile.load(ROOT)
    assert fleet.branch_for("v0.29.0") == "aeon-v0.29.0"
    assert fleet.image_name("v0.29.0", "omni") == "aeon-vllm-ultimate:v0.29.0-omni"
    assert fleet.dockerfile == ROOT / "Dockerfile" and fleet.dockerfile.is_file()
    assert fleet.load_bearing is not None and fleet.load_bearing.is_file()
    assert fleet.entrypoint is not None and fleet.entrypoint.is_file()
    assert fleet.heading("v0.29.0") == "vLLM v0.29.0" and fleet.hides_build_arg("AEON_TEST_SESSION")
    assert fleet.arch.only_major == 12 and fleet.metrics().drafts.endswith("num_drafts")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("image: {repository: x}\n", "fleet.yaml: branch_prefix: required"),
        ("branch_prefix: a-\n", "fleet.yaml: image: required"),
        ("branch_prefix: a-\nimage: {repository: x, colour: red}\n", "fleet.yaml: image: unknown key ('colour'"),
        ("branch_prefix: a-\nimage: {repository: Upper/Case}\n", "fleet.yaml: image.repository: 'Upper/Case' is not"),
        ("branch_prefix: 'a b'\nimage: {repository: x}\n", "fleet.yaml: branch_prefix: 'a b' is not"),
        ('branch_prefix: "a-\\n"\nimage: {repository: x}\n', "fleet.yaml: branch_prefix: 'a-\\n' is not"),
        ("branch_prefix: a-\nimage: {repository: x, dockerfile: ../Dockerfile}\n", "fleet.yaml: image.dockerfile:"),
        ("branch_prefix: a-\nimage: {repository: x}\narch: {fp4_majors: [ten]}\n", "fleet.yaml: arch.fp4_majors[0]:"),
        ("branch_prefix: a-\nimage: {repository: x}\nupstream: {pr_subject: '(unclosed'}\n", "upstream.pr_subject"),
        ("branch_prefix: a-\nimage: {repository: x}\nupstream: {pr_subject: 'no group'}\n", "needs a group"),
        ("branch_prefix: a-\nimage: {repository: x}\nbranch_prefix: b-\n", "fleet.yaml:3"),
    ],
)
def test_profile_errors_name_the_field(tmp_path: Path, text: str, message: str) -> None:
    (tmp_path / "fleet.yaml").write_text(text)
    with pytest.raises(ConfigError) as caught:
        profile.load(tmp_path)
    assert message in caught.value.message


def test_a_missing_profile_names_the_file(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=r"fleet\.yaml: no fleet profile here"):
        profile.load(tmp_path)


def test_generic_defaults_only(tmp_path: Path) -> None:
    fleet = profile.parse_text("branch_prefix: rel-\nimage: {repository: team/app}\n", tmp_path)
    assert fleet.dockerfile == tmp_path / "Dockerfile" and fleet.load_bearing is None
    assert fleet.pr_subject.search("Fix it (#42)")[1] == "42"  # type: ignore[index]  # GitHub's squash subject
    assert fleet.heading("v1.0.0") == "v1.0.0" and fleet.arch.fp4_majors == frozenset()
    with pytest.raises(ConfigError, match=r"canary\.metrics: required"):
        fleet.metrics()


# -- a second fleet --------------------------------------------------------------------------
ACME_FLEET = """\
branch_prefix: acme/
upstream:
  pr_subject: '^Merge PR (\\d+):'
image:
  repository: aeon-test-image/acme-serve
  dockerfile: docker/serve.Dockerfile
  load_bearing: ops/parts.txt
  entrypoint: ops/acme-start
  hidden_build_args: ["AEON_TEST*"]
notes:
  heading: "Acme server {tag}"
"""
ACME_DOCKERFILE = """\
FROM aeon-test/busybox:1
ARG AEON_TEST_SESSION=none
LABEL aeon-test-session="${AEON_TEST_SESSION}"
ARG VERSION=unknown
ARG REVISION=unknown
COPY .aeon-release/ /opt/acme/
COPY server.txt /srv/server.txt
RUN mkdir -p /usr/local/bin && cp /opt/acme/acme-start /usr/local/bin/acme-start \\
 && chmod 755 /usr/local/bin/acme-start && echo "$VERSION" > /etc/acme-release
LABEL org.opencontainers.image.version="${VERSION}" org.opencontainers.image.revision="${REVISION}"
ENTRYPOINT ["/usr/local/bin/acme-start"]
"""
ACME_PARTS = """\
# Acme's load-bearing parts: nothing like AEON's.
exec /usr/local/bin/acme-start
file /etc/acme-release
file /srv/server.txt
label org.opencontainers.image.revision
"""


def _commit(repo: Path, message: str, files: dict[str, str]) -> str:
    for name, text in files.items():
        (repo / name).parent.mkdir(parents=True, exist_ok=True)
        (repo / name).write_text(text)
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", message)
    return git(repo, "rev-parse", "HEAD")


@pytest.fixture
def acme(tmp_path: Path) -> tuple[Path, Path]:
    """Acme's fork (branches acme/vX.Y.Z, PRs as 'Merge PR N:') of an upstream with an rc tag."""
    repo = tmp_path / "acme"
    repo.mkdir()
    git(repo, "init", "-q")
    _commit(repo, "Initial server", {"server.txt": "v1\n"})
    git(repo, "tag", "v1.0.0")
    git(repo, "checkout", "-q", "-b", "acme/v1.0.0")
    _commit(repo, "Acme: tune the pool", {"acme.txt": "pool=8\n"})
    git(repo, "checkout", "-q", "-b", "acme/v1.0.0-wip")  # never the base: not PREFIX + a version
    git(repo, "checkout", "-q", "main")
    _commit(repo, "Merge PR 7: faster start", {"server.txt": "v2\n"})
    git(repo, "tag", "v1.1.0rc1")
    config = tmp_path / "acme-config"
    (config / "docker").mkdir(parents=True)
    (config / "ops").mkdir()
    (config / "fleet.yaml").write_text(ACME_FLEET)
    (config / "docker" / "serve.Dockerfile").write_text(ACME_DOCKERFILE)
    (config / "ops" / "parts.txt").write_text(ACME_PARTS)
    (config / "ops" / "acme-start").write_text("#!/bin/sh\nexec cat /srv/server.txt\n")
    (config / "audits").mkdir()
    (config / "audits" / "tree.yaml").write_text(
        "rules:\n  - {id: tree/conflict-markers, kind: conflict-markers, message: a conflict marker was left}\n"
    )
    (config / "cherry_picks.yaml").write_text(
        textwrap.dedent("""\
        releases:
          v1.1.0rc1:
            pick:
              - {pr: 7, reason: found through Acme's own subject convention}
        """)
    )
    return repo, config


def _merge(capsys: pytest.CaptureFixture[str], repo: Path, config: Path) -> Result:
    return run_cli("merge", "v1.1.0rc1", "--repo", repo, "--config", config, "--no-fetch", "--json")


def test_a_second_fleet_merges_an_rc_tag(capsys: pytest.CaptureFixture[str], acme: tuple[Path, Path]) -> None:
    repo, config = acme
    result = _merge(capsys, repo, config)
    assert result.code == 0, result.err
    report = result.json()
    assert report["branch"] == "acme/v1.1.0rc1" and report["previous_branch"] == "acme/v1.0.0"
    assert [(p["ref"], p["status"]) for p in report["picks"]] == [("#7", "already-in-tag")]
    assert git(repo, "show", "acme/v1.1.0rc1:server.txt") == "v2"
    assert git(repo, "show", "acme/v1.1.0rc1:acme.txt") == "pool=8"


@pytest.mark.docker
def test_a_second_fleet_builds_with_its_own_profile(
    capsys: pytest.CaptureFixture[str], acme: tuple[Path, Path], busybox_image: str
) -> None:
    import docker

    from tests.images.conftest import SESSION

    repo, config = acme
    assert _merge(capsys, repo, config).code == 0
    args = (
        "build",
        "--repo",
        repo,
        "--version",
        "v1.1.0rc1",
        "--rev",
        "acme/v1.1.0rc1",
        "--config",
        config,
        "--build-arg",
        f"AEON_TEST_SESSION={SESSION}",
        "--json",
    )
    result = run_cli(*args)
    assert result.code == 0, result.err
    report: dict[str, Any] = json.loads(result.out)
    client = docker.from_env()
    try:
        assert report["tag"] == "aeon-test-image/acme-serve:v1.1.0rc1"  # image.repository + the rc version
        assert report["dockerfile"] == str(config / "docker" / "serve.Dockerfile")
        assert report["load_bearing"] == {
            "ok": True,
            "checked": 4,
            "missing": [],
            "output": report["load_bearing"]["output"],
        }
        assert report["audit"]["status"] == "passed"  # the merge's audit attests the revision
        shipped = client.containers.run(report["tag"], remove=True)  # Acme's entrypoint, from the profile
        assert shipped == b"v2\n"
    finally:
        client.images.remove(report.get("tag") or "", force=True)
        client.close()
