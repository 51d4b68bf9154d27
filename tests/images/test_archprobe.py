"""The arch-list preflight and the nvcc arch probe (compile only: no GPU needed)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from aeon_release.domain import archprobe, profile
from aeon_release.errors import UsageError

# The fleet's arch policy (fleet.yaml at the repository root): FP4 on 10.x-12.x, SM12x only.
POLICY = profile.load(Path(__file__).resolve().parents[2]).arch


@pytest.mark.parametrize(
    ("arch_list", "culprit"),
    [
        ("12.1", "12.1"),
        ("12.0", "12.0"),
        ("10.0", "10.0"),
        ("11.0", "11.0"),
        ("12.1+PTX", "12.1+PTX"),
        ("8.0;12.1", "12.1"),
        ("12.1a 12.0", "12.0"),
    ],
)
def test_a_blackwell_target_without_suffix_is_refused_with_the_reason(arch_list: str, culprit: str) -> None:
    with pytest.raises(UsageError) as refused:
        archprobe.validate(arch_list, "0", POLICY)
    assert f"entry {culprit!r} has no 'a'/'f' suffix" in refused.value.message
    assert "preprocessed out" in refused.value.message and "Marlin" in refused.value.message
    assert refused.value.hint is not None and refused.value.hint.startswith(f"write {culprit[:4]}a ")


@pytest.mark.parametrize("arch_list", ["12.1a", "12.1f", "12.0a;12.1a", "8.0 9.0a 12.1a", "8.6+PTX;10.0a"])
def test_suffixed_and_pre_blackwell_targets_pass(arch_list: str) -> None:
    archs = archprobe.validate(arch_list, "0", POLICY)
    assert [a.text for a in archs] == [part for part in arch_list.replace(";", " ").split()]


def test_enable_nvfp4_sm100_must_be_0_for_a_gb10_only_list() -> None:
    with pytest.raises(UsageError, match="ENABLE_NVFP4_SM100=1"):
        archprobe.validate("12.1a", "1", POLICY)
    # With an SM100 target in the list the SM100 kernels have somewhere to go.
    assert len(archprobe.validate("10.0a;12.1a", "1", POLICY)) == 2
    assert len(archprobe.validate("12.1a", None, POLICY)) == 1


@pytest.mark.parametrize("arch_list", ["", "sm_121a", "12.1b", "121a", "12.1a;;rm -rf /"])
def test_malformed_lists_are_refused(arch_list: str) -> None:
    with pytest.raises(UsageError):
        archprobe.validate(arch_list, "0", POLICY)


def _nvcc() -> str:
    nvcc = archprobe.find_nvcc()
    if nvcc is None:
        if os.environ.get("CI"):
            pytest.fail("no nvcc: the arch probe cannot be measured")
        pytest.skip("no nvcc on this machine")
    return nvcc


def test_probe_finds_fp4_code_for_12_1a_and_none_for_bare_12_1() -> None:
    nvcc = _nvcc()
    suffixed, bare = (archprobe.probe(arch, nvcc, POLICY) for arch in archprobe.parse_arch_list("12.1a;12.1"))
    assert suffixed.fp4_in_ptx is True and suffixed.cubin_ok and suffixed.ok
    assert bare.fp4_in_ptx is False and bare.cubin_ok
    assert not bare.ok  # a Blackwell target without FP4 code is what the preflight refuses
    assert "absent" in bare.detail and "sm_121 " in bare.detail


def test_probe_reports_an_arch_nvcc_cannot_compile() -> None:
    nvcc = _nvcc()
    # sm_10.9 does not exist: nvcc fails, and the probe says so instead of claiming FP4 either way.
    result = archprobe.probe(archprobe.Arch(10, 9, "a", False), nvcc, POLICY)
    assert result.fp4_in_ptx is None and not result.ok
    assert "nvcc failed" in result.detail


def test_pre_blackwell_target_has_no_fp4_and_is_fine() -> None:
    result = archprobe.probe(archprobe.Arch(9, 0, "a", False), _nvcc(), POLICY)
    assert result.fp4_in_ptx is False and result.ok
