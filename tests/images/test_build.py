"""`aeon-release build` against the real Docker engine, with fixture images on the busybox base."""

from __future__ import annotations

import importlib.util
import json
import subprocess
from pathlib import Path
from typing import Any

import pytest

from aeon_release.adapters.buildkit import BuildFailed
from aeon_release.adapters.store import RunStore
from aeon_release.domain import archprobe
from aeon_release.errors import GitError, NeedsHuman, UsageError
from aeon_release.pipeline import build
from aeon_release.pipeline.audit_gate import LABEL_DETAIL, LABEL_STATUS

from .conftest import HEADER, ROOT, SESSION, head_sha, image_tag, run_cli

pytestmark = pytest.mark.docker


def _cli_build(repo: Path, dockerfile: Path, tag: str, *extra: str, env: dict[str, str] | None = None) -> Any:
    return run_cli(
        "build",
        "--repo",
        str(repo),
        "--version",
        "v0.29.0",
        "--dockerfile",
        str(dockerfile),
        "--tag",
        tag,
        "--build-arg",
        f"AEON_TEST_SESSION={SESSION}",
        *extra,
        env=env,
    )


def _record(repo: Path, tag: str) -> Path:
    return repo / ".git" / "aeon-release" / "builds" / f"{tag.replace('/', '_')}.json"


def _session_images(client: Any) -> set[str]:
    return {i["Id"] for i in client.api.images(all=True, filters={"label": f"aeon-test-session={SESSION}"})}


def _request(repo: Path, dockerfile: Path, tag: str, *build_args: str, **kw: Any) -> build.BuildRequest:
    return build.BuildRequest(
        repo=repo,
        version="v0.29.0",
        dockerfile=dockerfile,
        tag=tag,
        build_args=(f"AEON_TEST_SESSION={SESSION}", *build_args),
        **kw,
    )


def test_a_successful_build_is_labelled_checked_and_recorded(
    docker_client: Any, base_image: str, fork_repo: Path, fixture_dockerfile: Path, tmp_path: Path
) -> None:
    sha = head_sha(fork_repo)
    (fork_repo / "VERSION.txt").write_text("uncommitted edit\n")  # a dirty work tree is not built
    tag = image_tag("ok")
    result = _cli_build(
        fork_repo, fixture_dockerfile, tag, "--variant", "omni", "--json", "--skip-audit", "fixture image"
    )
    assert result.code == 0, result.stderr
    report = json.loads(result.stdout)  # stdout holds the JSON and nothing else
    assert set(report) == {  # the keys build.py's docstring promises the release pipeline
        "ok",
        "error",
        "tag",
        "image_id",
        "size",
        "architecture",
        "image_platform",
        "target_platform",
        "layers",
        "version",
        "variant",
        "rev",
        "revision",
        "repo",
        "dockerfile",
        "platform",
        "build_args",
        "labels",
        "arch_list",
        "arch_probe",
        "audit",
        "load_bearing",
        "timings",
        "engine",
        "started_at",
        "finished_at",
        "record",
    }
    assert report["ok"] is True and report["error"] is None
    assert report["image_platform"] == report["target_platform"] == "linux/amd64"
    assert report["engine"]["builder"].startswith(("docker buildx build", "DOCKER_BUILDKIT=1 docker build"))
    assert report["revision"] == sha and report["tag"] == tag and report["variant"] == "omni"
    assert report["load_bearing"]["ok"] and report["load_bearing"]["missing"] == []
    assert set(report["timings"]) == {"preflight", "probe", "build", "check", "total"}
    assert report["size"] > 1_000_000 and sum(layer["size"] for layer in report["layers"]) == report["size"]
    if archprobe.find_nvcc():
        assert [(p["arch"], p["fp4_in_ptx"]) for p in report["arch_probe"]] == [("12.1a", True)]

    labels = docker_client.images.get(tag).labels
    assert labels["org.opencontainers.image.version"] == "v0.29.0"
    assert labels["org.opencontainers.image.revision"] == sha
    assert labels["org.opencontainers.image.created"] == report["build_args"]["CREATED"]
    assert labels["org.opencontainers.image.source"] == "https://example.invalid/aeon-fork"
    assert labels["org.aeon-release.variant"] == "omni"
    assert labels[LABEL_STATUS] == "skipped" and labels[LABEL_DETAIL] == "skipped: fixture image"
    assert report["labels"] == labels

    shipped = docker_client.containers.run(tag, entrypoint=["cat", "/srv/VERSION.txt"], remove=True)
    assert shipped == b"committed\n"
    record = json.loads(_record(fork_repo, tag).read_text())
    assert record["image_id"] == report["image_id"] == docker_client.images.get(tag).id
    assert "note:" in result.stderr and "uncommitted changes" in result.stderr
    assert "step " in result.stderr and "check-load-bearing: all 14 load-bearing parts present" in result.stderr
    assert f"built {tag}" in result.stderr and "load-bearing: all 18 parts present" in result.stderr
    if archprobe.find_nvcc():
        assert "arch probe 12.1a: FP4 present" in result.stderr
    # the variant is sealed in the build's record (the label is the Dockerfile's to write): publish takes the
    # image as that variant only, refused (exit 2) before any registry is asked (port 9 has none)
    from aeon_release.domain import attestation

    sealed = attestation.lookup(fork_repo / ".git", report["image_id"])
    assert sealed is not None and sealed.variant == "omni"
    for variant in ((), ("--variant", "slim")):
        refused = run_cli(
            "publish", "--image", tag, "--repository", "127.0.0.1:9/team/app", "--version", "v0.29.0",
            "--repo", str(fork_repo), "--config", str(tmp_path), "--date", "2026-09-11", "--skip-audit", "fixture image",
            *variant,
        )  # fmt: skip
        assert refused.code == 2 and "as the variant 'omni' (its build record)" in refused.stderr, refused.stderr


def test_rev_selects_an_older_commit(
    docker_client: Any, base_image: str, fork_repo: Path, fixture_dockerfile: Path
) -> None:
    first = head_sha(fork_repo)
    (fork_repo / "VERSION.txt").write_text("second\n")
    subprocess.run(["git", "commit", "-qam", "second"], cwd=fork_repo, check=True)
    tag = image_tag("rev")
    report = build.build_image(
        _request(fork_repo, fixture_dockerfile, tag, rev="HEAD~1", skip_audit="fixture", platform="linux/amd64")
    )
    assert report.plan.sha == first and report.image is not None
    assert report.image.architecture == "amd64" and report.as_dict()["platform"] == "linux/amd64"
    assert report.image.labels["org.opencontainers.image.revision"] == first
    assert docker_client.containers.run(tag, entrypoint=["cat", "/srv/VERSION.txt"], remove=True) == b"committed\n"


def test_a_build_missing_one_part_fails_and_names_it(
    docker_client: Any, base_image: str, fork_repo: Path, fixture_dockerfile: Path
) -> None:
    tag = image_tag("noninja")
    result = _cli_build(
        fork_repo,
        fixture_dockerfile,
        tag,
        "--build-arg",
        "AEON_TEST_OMIT=/usr/bin/ninja",
        "--skip-audit",
        "fixture image",
    )
    assert result.code == 1, result.stderr
    assert "error: load-bearing part(s) missing: cmd ninja" in result.stderr
    assert "check-load-bearing.sh" in result.stderr  # the failing step is named
    assert "| MISSING cmd ninja: not on PATH" in result.stderr  # and its last lines shown
    assert not docker_client.images.list(name=tag)
    record = json.loads(_record(fork_repo, tag).read_text())
    assert record["ok"] is False and "check-load-bearing.sh" in record["error"]["step"]
    assert record["error"]["tail"][0].startswith("MISSING cmd ninja: not on PATH")


def test_a_failing_step_is_shown_with_its_last_lines(
    docker_client: Any, base_image: str, fork_repo: Path, tmp_path: Path
) -> None:
    dockerfile = tmp_path / "Dockerfile"
    dockerfile.write_text(HEADER + "RUN echo first-line && echo compiler exploded >&2 && false\nRUN echo never\n")
    with pytest.raises(BuildFailed) as failed:
        build.build_image(_request(fork_repo, dockerfile, image_tag("fails"), skip_audit="fixture"))
    # BuildKit counts the steps that make a filesystem (FROM, RUN, COPY), not ARG or LABEL.
    assert failed.value.step.startswith("step 2/3 (RUN echo first-line")
    # stdout and stderr of a step arrive in either order; the colour codes are gone.
    assert sorted(failed.value.tail) == ["compiler exploded", "first-line"]
    assert "exit code: 1" in failed.value.message and failed.value.step in failed.value.message


def test_the_post_build_check_catches_a_missing_label(
    docker_client: Any, base_image: str, fork_repo: Path, fixture_dockerfile: Path
) -> None:
    # The Dockerfile's own check cannot see labels; build's check of the image config does.
    tag = image_tag("nosource")
    with pytest.raises(NeedsHuman, match=r"lacks load-bearing part.*label org\.opencontainers\.image\.source"):
        build.build_image(_request(fork_repo, fixture_dockerfile, tag, "SOURCE=", skip_audit="fixture"))
    assert not docker_client.images.list(name=tag)  # an image that fails the check is removed
    record = json.loads(_record(fork_repo, tag).read_text())
    assert record["load_bearing"]["missing"] == ["label org.opencontainers.image.source"]
    assert record["ok"] is False and record["error"]["step"] == "load-bearing check of the built image"


@pytest.mark.parametrize(
    ("build_arg", "reason"),
    [
        ("TORCH_CUDA_ARCH_LIST=12.1", "'12.1' has no 'a'/'f' suffix"),
        ("ENABLE_NVFP4_SM100=1", "ENABLE_NVFP4_SM100=1 with the SM12x-only arch list"),
        ("TORCH_CUDA_ARCH_LIST=8.0", "'8.0' has no target for the fleet's device 12.1"),  # fleet.yaml arch.devices
    ],
)
def test_a_wrong_arch_setting_never_starts_a_build(
    docker_client: Any, base_image: str, fork_repo: Path, fixture_dockerfile: Path, build_arg: str, reason: str
) -> None:
    before = _session_images(docker_client)
    tag = image_tag("bare121")
    result = _cli_build(fork_repo, fixture_dockerfile, tag, "--build-arg", build_arg, "--skip-audit", "fixture")
    assert result.code == 2 and reason in result.stderr
    assert "step 1/" not in result.stderr
    assert _session_images(docker_client) == before  # not one build step ran
    assert not docker_client.images.list(name=tag)
    assert not _record(fork_repo, tag).exists()


def test_the_arch_list_is_refused_before_the_engine_is_even_asked(
    fork_repo: Path, fixture_dockerfile: Path, tmp_path: Path
) -> None:
    dead = {"DOCKER_HOST": f"unix://{tmp_path}/no-engine.sock"}
    result = _cli_build(
        fork_repo,
        fixture_dockerfile,
        image_tag("x"),
        "--build-arg",
        "TORCH_CUDA_ARCH_LIST=12.1",
        "--skip-audit",
        "fixture",
        env=dead,
    )
    assert result.code == 2 and "no 'a'/'f' suffix" in result.stderr and "Docker" not in result.stderr


def test_a_stopped_engine_is_a_clean_error_with_a_hint(
    fork_repo: Path, fixture_dockerfile: Path, tmp_path: Path
) -> None:
    # Nothing listens on this socket: from the client's side that is exactly a stopped engine
    # (the shared dockerd is not stopped for this test).
    socket = tmp_path / "no-engine.sock"
    dead = {"DOCKER_HOST": f"unix://{socket}"}
    for args in (
        [
            "build",
            "--repo",
            str(fork_repo),
            "--version",
            "v0.29.0",
            "--dockerfile",
            str(fixture_dockerfile),
            "--skip-audit",
            "fixture",
        ],
        ["image-report", "aeon-test/busybox:1"],
    ):
        result = run_cli(*args, env=dead)
        assert result.code == 2, result.stderr
        assert "the Docker engine does not answer" in result.stderr
        assert f"(hint: is the Docker engine running and reachable at unix://{socket}?" in result.stderr
        assert "Traceback" not in result.stderr
    assert not (fork_repo / ".git" / "aeon-release" / "builds").exists()


def test_an_unreachable_ssh_engine_is_a_clean_error() -> None:
    # Port 1 on localhost refuses; without paramiko the SDK refuses ssh:// before connecting.
    # Either way: exit 2, one line, a hint, no traceback.
    result = run_cli("image-report", "aeon-test/busybox:1", env={"DOCKER_HOST": "ssh://nobody@127.0.0.1:1"})
    assert result.code == 2 and "Traceback" not in result.stderr
    assert result.stderr.strip().startswith("error: connecting to Docker:") and "(hint: " in result.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--tag", "aeon/x:1;rm -rf ~"), "image tag 'aeon/x:1;rm -rf ~' is not a valid image name"),
        (("--tag", "Aeon/Upper:1"), "is not a valid image name"),
        (("--build-arg", "BAD KEY=1"), "is not KEY=VALUE with a plain KEY"),
        (("--build-arg", "$(id)=1"), "is not KEY=VALUE with a plain KEY"),
        (("--build-arg", "REVISION=deadbeef"), "--build-arg REVISION is set by build itself"),
        (("--build-arg", "NOVALUE"), "is not KEY=VALUE"),
        (("--build-arg", "HF_TOKEN=hf_abcdef"), "--build-arg HF_TOKEN looks like a secret"),
        # a credential under a key of no such name: detect-secrets' token formats, and Hugging Face's
        (
            ("--build-arg", "EXTRA=ghp_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"),
            "--build-arg EXTRA's value looks like a credential (GitHub Token)",
        ),
        (
            ("--build-arg", "MODEL=hf_abcdefghijklmnopqrstuvwxyzABCDEFGH"),
            "--build-arg MODEL's value looks like a credential (Hugging Face Token)",
        ),
        (
            ("--build-arg", "PIP_EXTRA_INDEX_URL=https://me:hunter22@pypi.example.com/simple"),
            "--build-arg PIP_EXTRA_INDEX_URL's value looks like a credential (Basic Auth Credentials)",
        ),
        (("--build-arg", "X=a\nb"), "the value holds control characters"),
        (("--platform", "linux/arm64;echo"), "is not OS/ARCH"),
        (("--rev", "main;echo"), "--rev 'main;echo' is not a valid revision"),
        (("--rev", "--output=/etc/passwd"), "is not a valid revision"),
        (("--rev", "no-such-branch"), "revision 'no-such-branch' does not exist"),
    ],
)
def test_bad_input_is_refused_before_anything_runs(
    fork_repo: Path, fixture_dockerfile: Path, args: tuple[str, ...], message: str
) -> None:
    request = build.BuildRequest(repo=fork_repo, version="v0.29.0", dockerfile=fixture_dockerfile)
    options = dict(zip(args[::2], args[1::2]))
    with pytest.raises((UsageError, GitError)) as refused:  # a revision that names no commit is git's
        build.plan(
            build.BuildRequest(
                repo=request.repo,
                version=request.version,
                dockerfile=request.dockerfile,
                tag=options.get("--tag"),
                platform=options.get("--platform"),
                rev=options.get("--rev"),
                build_args=tuple(v for k, v in options.items() if k == "--build-arg"),
            )
        )
    assert message in refused.value.message and refused.value.exit_code == 2


def test_a_credential_under_any_key_is_refused_and_never_echoed(fork_repo: Path, fixture_dockerfile: Path) -> None:
    token = "ghp_a1B2c3D4e5F6g7H8i9J0k1L2m3N4o5P6q7R8"
    result = _cli_build(fork_repo, fixture_dockerfile, "aeon/x:1", "--build-arg", f"EXTRA={token}", "--skip-audit", "t")
    assert result.code == 2 and "EXTRA's value looks like a credential (GitHub Token)" in result.stderr
    assert token not in result.stdout + result.stderr and "Traceback" not in result.stderr
    # values that only look random are data: a commit id, a version, an index URL without credentials
    args = ("REV=4a77ea5bd8abd8de30b954165ae8fddf88404934", "V=0.29.0", "PIP_INDEX_URL=https://pypi.example.com/simple")
    args += (
        "SCCACHE_S3_NO_CREDENTIALS=1",
        "USE_TOKEN=false",
    )  # a switch under a secret's name (upstream's sccache one)
    assert build.parse_build_args(args) == dict(a.split("=", 1) for a in args)


def test_bad_tag_on_the_command_line_exits_2(fork_repo: Path, fixture_dockerfile: Path) -> None:
    result = _cli_build(fork_repo, fixture_dockerfile, "x:1 && reboot", "--skip-audit", "fixture")
    assert result.code == 2 and "is not a valid image name" in result.stderr and "hint:" in result.stderr


def test_a_clean_merge_record_passes_the_audit_gate(
    docker_client: Any, base_image: str, fork_repo: Path, fixture_dockerfile: Path
) -> None:
    # No --skip-audit: the gate finds the merge run that produced this exact revision, audit clean.
    sha = head_sha(fork_repo)
    store = RunStore(fork_repo / ".git", "v0.29.0")  # written as a merge run writes it: sealed
    store.folder.mkdir(parents=True)
    store.write_report({"state": "done", "tag": "v0.29.0", "branch_sha": sha, "audit": {"errors": 0}})
    tag = image_tag("audited")
    report = build.build_image(_request(fork_repo, fixture_dockerfile, tag))
    assert report.ok and report.audit is not None
    labels = docker_client.images.get(tag).labels
    assert labels[LABEL_STATUS] == "passed" and labels[LABEL_DETAIL] == "merge run v0.29.0: clean"


@pytest.mark.skipif(
    importlib.util.find_spec("aeon_release.domain.audits.runner") is None or not (ROOT / "audits").is_dir(),
    reason="audit engine lands separately (with the fleet's rules in audits/)",
)
def test_an_unaudited_revision_is_audited_and_refused_before_the_build(
    docker_client: Any, base_image: str, fork_repo: Path, fixture_dockerfile: Path
) -> None:
    # No merge record and no --skip-audit: the fleet's rules run on the revision.  This fork has
    # none of the carries' markers, so the audits must find blocking errors and stop the build.
    before = _session_images(docker_client)
    tag = image_tag("unaudited")
    result = _cli_build(fork_repo, fixture_dockerfile, tag, "--config", str(ROOT))
    assert result.code == 1, result.stderr
    assert "audit finding" in result.stderr and "--skip-audit" in result.stderr
    assert _session_images(docker_client) == before and not docker_client.images.list(name=tag)


# -- build --json on exit 1: the report, ok false and why; exit 2 keeps stdout empty ------------------------------
def test_a_failed_build_prints_its_json_report(
    docker_client: Any, base_image: str, fork_repo: Path, fixture_dockerfile: Path
) -> None:
    """A part missing from the image is a verdict (exit 1), as a failed audit is: `build --json` printed nothing
    on stdout for it, and a CI step reading `build --json | jq .ok` got an empty string."""
    tag = image_tag("nojsonninja")
    omit = ("--build-arg", "AEON_TEST_OMIT=/usr/bin/ninja", "--skip-audit", "fixture image", "--json")
    result = _cli_build(fork_repo, fixture_dockerfile, tag, *omit)
    assert result.code == 1, result.stderr
    report = json.loads(result.stdout)  # the whole of stdout is the one object
    assert report["ok"] is False and report["tag"] == tag and report["revision"] == head_sha(fork_repo)
    assert "cmd ninja" in report["error"]["message"] and "check-load-bearing.sh" in report["error"]["step"]
    assert "error: load-bearing part(s) missing" in result.stderr  # the error line stays on stderr


@pytest.mark.skipif(
    importlib.util.find_spec("aeon_release.domain.audits.runner") is None or not (ROOT / "audits").is_dir(),
    reason="audit engine lands separately (with the fleet's rules in audits/)",
)
def test_a_build_its_audits_refused_prints_its_json_report(
    docker_client: Any, base_image: str, fork_repo: Path, fixture_dockerfile: Path
) -> None:
    """Stopped by the audit gate before anything was built: the report says so (no image, the gate's reason)."""
    result = _cli_build(fork_repo, fixture_dockerfile, image_tag("nojsonaudit"), "--config", str(ROOT), "--json")
    assert result.code == 1, result.stderr
    report = json.loads(result.stdout)
    assert report["ok"] is False and report["image_id"] is None and report["layers"] == []
    assert "audit finding" in report["error"]["message"]


def test_a_refused_build_prints_no_json(fork_repo: Path, fixture_dockerfile: Path) -> None:
    """The twin: refused input (exit 2) is the error line on stderr alone, as for merge and audit."""
    result = _cli_build(fork_repo, fixture_dockerfile, "x:1 && reboot", "--skip-audit", "fixture", "--json")
    assert result.code == 2 and "is not a valid image name" in result.stderr and result.stdout == ""
