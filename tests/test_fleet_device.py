"""The fleet's device (fleet.yaml ``arch.devices``): `build` refuses an arch list with no target that runs on it.

`build --build-arg TORCH_CUDA_ARCH_LIST=8.0` built, checked and recorded an image with no kernel for the DGX Spark's
GB10 (compute capability 12.1): it failed on the machine it was for.  The device comes from the profile, never from
the engine.  Real git, the real CLI; the engine named is one that does not answer, so a list that passes the
preflight says so by reaching it."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from aeon_release.domain import archprobe, profile
from aeon_release.domain.profile import ArchPolicy
from aeon_release.errors import ConfigError, UsageError
from tests.helpers import run_cli
from tests.hostile.conftest import make_repo

ROOT = Path(__file__).resolve().parents[1]
SPARK = ArchPolicy(frozenset({10, 11, 12}), 12, "12.1a", ("12.1",))

# VALID: a target whose cubin runs on a 12.1 device (its own capability in any form, the 12.0 family, a bare 12.0).
VALID = ["12.1a", "12.1f", "12.1a+PTX", "12.0f", "9.0a;12.1a", "12.0 12.1a"]
# INVALID: no such target (another major, the arch-specific 12.0a, a later minor, an older target's PTX alone).
INVALID = ["8.0", "8.0+PTX", "12.0a", "12.2f", "10.0a;11.0a", "9.0a"]


@pytest.mark.parametrize("arch_list", VALID)
def test_a_list_with_a_target_for_the_device_passes(arch_list: str) -> None:
    archprobe.check_devices(arch_list, archprobe.parse_arch_list(arch_list), SPARK)


@pytest.mark.parametrize("arch_list", INVALID)
def test_a_list_without_one_is_refused(arch_list: str) -> None:
    with pytest.raises(UsageError, match=r"has no target for the fleet's device 12\.1") as refused:
        archprobe.check_devices(arch_list, archprobe.parse_arch_list(arch_list), SPARK)
    assert refused.value.hint is not None and "add 12.1a to the list" in refused.value.hint
    assert "--skip-device-check" in refused.value.hint


def test_a_profile_that_names_no_device_checks_none() -> None:
    archprobe.check_devices("8.0", archprobe.parse_arch_list("8.0"), ArchPolicy(frozenset({12}), 12))


def test_the_device_comes_from_fleet_yaml(tmp_path: Path) -> None:
    assert profile.load(ROOT).arch.devices == ("12.1",)
    text = (ROOT / "fleet.yaml").read_text()
    (tmp_path / "fleet.yaml").write_text(text.replace('devices: ["12.1"]', "devices: [12.1]"))
    with pytest.raises(ConfigError, match=r"fleet.yaml: arch.devices\[0\]"):
        profile.load(tmp_path)  # YAML reads 12.1 as a number: refused, naming the place (12.10 would be 12.1)


DOCKERFILE = textwrap.dedent(
    """\
    FROM scratch
    ARG TORCH_CUDA_ARCH_LIST=12.1a
    ARG ENABLE_NVFP4_SM100=0
    """
)


def _build(tmp_path: Path, *extra: str) -> str:
    repo = make_repo(tmp_path / "fork", {"vllm/__init__.py": '__version__ = "0.29.0"\n'})
    dockerfile = tmp_path / "Dockerfile"
    dockerfile.write_text(DOCKERFILE)
    done = run_cli(
        "build", "--repo", repo, "--version", "v0.29.0", "--dockerfile", dockerfile, "--tag", "team/app:1",
        "--config", ROOT, "--skip-audit", "test", *extra,
        env={"DOCKER_HOST": f"unix://{tmp_path}/no-engine.sock"},
    )  # fmt: skip
    assert done.code == 2 and done.out == "", done.err
    [line] = [line for line in done.err.splitlines() if line.startswith("error:")]
    return line


def test_build_refuses_an_arch_list_without_the_device_before_the_engine(tmp_path: Path) -> None:
    line = _build(tmp_path, "--build-arg", "TORCH_CUDA_ARCH_LIST=8.0")
    assert "TORCH_CUDA_ARCH_LIST '8.0' has no target for the fleet's device 12.1" in line, line
    assert "Docker" not in line and "--skip-device-check" in line, line


def test_skip_device_check_builds_for_other_machines(tmp_path: Path) -> None:
    """The opt-out: the same list goes on to the engine (here one that does not answer)."""
    line = _build(tmp_path, "--build-arg", "TORCH_CUDA_ARCH_LIST=8.0", "--skip-device-check")
    assert "Docker engine does not answer" in line, line


def test_the_dockerfiles_own_list_passes(tmp_path: Path) -> None:
    """The twin: the Dockerfile's 12.1a, no override, reaches the engine."""
    assert "Docker engine does not answer" in _build(tmp_path), "refused"
