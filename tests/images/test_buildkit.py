"""The BuildKit adapter without an engine: which CLI is picked, the command line, the plain log."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from aeon_release.adapters import buildkit
from aeon_release.errors import ServiceError, UsageError

# What a static docker 28 CLI without the buildx plugin answers (the real one sits first on PATH
# on the fleet's build boxes; a script stands in for it so the test runs anywhere).
NO_BUILDX = """#!/bin/sh
case "$1" in
  version) echo 28.2.2 ;;
  buildx) echo "docker: unknown command: docker buildx" >&2; exit 1 ;;
  build) echo "ERROR: BuildKit is enabled but the buildx component is missing or broken." >&2; exit 1 ;;
esac
"""
WITH_BUILDX = """#!/bin/sh
case "$1" in
  version) echo 27.0.0 ;;
  buildx) echo "github.com/docker/buildx v0.15.0" ;;
esac
"""


def _cli(folder: Path, script: str) -> Path:
    folder.mkdir()
    path = folder / "docker"
    path.write_text(script)
    path.chmod(0o755)
    return path


@pytest.fixture(autouse=True)
def _fresh_probe() -> None:
    buildkit._probe.cache_clear()


def test_a_cli_without_buildkit_is_passed_over_for_the_next_on_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    first, second = _cli(tmp_path / "a", NO_BUILDX), _cli(tmp_path / "b", WITH_BUILDX)
    monkeypatch.setenv("PATH", f"{first.parent}{os.pathsep}{second.parent}")
    monkeypatch.delenv(buildkit.CLI_ENV, raising=False)
    builder = buildkit.find_builder("spark")
    assert (builder.cli, builder.mode, builder.name) == (str(second), "buildx", "spark")
    assert builder.describe() == f"docker buildx build --builder spark ({second}, docker 27.0.0)"


def test_no_working_cli_names_what_was_tried(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    only = _cli(tmp_path / "a", NO_BUILDX)
    monkeypatch.setenv("PATH", str(only.parent))
    monkeypatch.delenv(buildkit.CLI_ENV, raising=False)
    with pytest.raises(ServiceError) as refused:
        buildkit.find_builder()
    assert f"tried {only} (no BuildKit client)" in refused.value.message
    assert "buildx" in (refused.value.hint or "")
    with pytest.raises(UsageError):
        buildkit.find_builder("bad name;rm")


def test_builder_needs_buildx(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    if not Path("/usr/bin/docker").exists():
        pytest.skip("Debian's docker.io CLI is not installed")
    monkeypatch.setenv("PATH", "/usr/bin")
    monkeypatch.delenv(buildkit.CLI_ENV, raising=False)
    integrated = buildkit.find_builder()
    if integrated.mode != "integrated":
        pytest.skip("this docker CLI has buildx")
    with pytest.raises(ServiceError, match=r"no docker CLI here has buildx \(for --builder spark\)"):
        buildkit.find_builder("spark")


def test_the_command_line(tmp_path: Path) -> None:
    spec = buildkit.BuildSpec(tmp_path, ".aeon-release/Dockerfile", "x/y:1", {"A": "1 2"}, {"l": "v"}, "linux/arm64")
    buildx = buildkit.build_argv(buildkit.Builder("/d", "buildx", "27", "spark"), spec, tmp_path / "iid")
    assert buildx[:6] == ["/d", "buildx", "build", "--builder", "spark", "--load"]
    assert ["--platform", "linux/arm64"] == buildx[buildx.index("--platform") : buildx.index("--platform") + 2]
    assert "A=1 2" in buildx and "l=v" in buildx and buildx[-1] == str(tmp_path)
    integrated = buildkit.build_argv(buildkit.Builder("/d", "integrated", "20.10"), spec, tmp_path / "iid")
    assert integrated[:3] == ["/d", "build", "--progress=plain"] and "--load" not in integrated


# buildx 0.15's plain progress for a failing RUN (two stages interleaved).
BUILDX_LOG = """#1 [internal] load build definition from Dockerfile
#1 transferring dockerfile: 180B done
#1 DONE 0.0s
#4 [builder 2/3] RUN make -j8
#5 [runtime 1/2] RUN apt-get install -y gcc
#4 0.412 compiling kernels.cu
#5 0.500 Reading package lists...
#4 [builder 2/3] RUN make -j8
#4 1.201 kernels.cu(12): error: identifier "fp4" is undefined
#4 ERROR: process "/bin/sh -c make -j8" did not complete successfully: exit code: 2
#5 CACHED
------
 > [builder 2/3] RUN make -j8:
------
ERROR: failed to solve: process "/bin/sh -c make -j8" did not complete successfully: exit code: 2
"""


def test_the_plain_log_names_the_failing_step_and_keeps_only_its_lines() -> None:
    events: list[buildkit.BuildEvent] = []
    log = buildkit.PlainLog(events.append)
    log.feed(BUILDX_LOG.splitlines())
    failed = log.failure("x:1", 1)
    assert failed.step == "step 2/3 (builder: RUN make -j8)"
    assert failed.tail == ("compiling kernels.cu", 'kernels.cu(12): error: identifier "fp4" is undefined')
    assert "exit code: 2" in failed.message
    assert [(e.step, e.total) for e in events if e.step] == [(2, 3), (1, 2)]
    assert any(e.cached for e in events)
