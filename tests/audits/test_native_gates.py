"""Device-gate drift in native sources: upstream changed a C++/CUDA capability guard in csrc/.

Shaped like csrc/'s own guards: ``int32_t version_num = get_sm_version_num();`` dispatching to a
kernel per arch (csrc/quantization/w8a8/cutlass/scaled_mm_entry.cu), ``#if defined(__CUDA_ARCH__) &&
__CUDA_ARCH__ >= 1200`` compiling a kernel body for some archs only.  A guard narrowed so that 12.0
keeps the path and 12.1 does not moves the fleet's device to the fallback while the build and every
answer stay right.
"""

from __future__ import annotations

import dataclasses

import pytest

from aeon_release.domain.audits.model import DeviceGates, Severity
from tests.audits.conftest import GitRepo
from tests.audits.test_device_gates import GB10, _case, _findings

NATIVE = dataclasses.replace(GB10, native_arch=("__CUDA_ARCH__",), native_version=("version_num", "get_sm_version_num"))
ENTRY = "csrc/quantization/scaled_mm_entry.cu"
DISPATCH = """#include <torch/all.h>

void cutlass_scaled_mm(torch::Tensor& c, torch::Tensor const& a) {
  int32_t version_num = get_sm_version_num();
  if (version_num >= 100 && version_num < 120) {
    cutlass_scaled_mm_sm100(c, a);
  } else if (version_num >= 120) {
    cutlass_scaled_mm_sm120(c, a);
  } else {
    cutlass_scaled_mm_sm90(c, a);
  }
}
"""
KERNEL = "csrc/attention/fast_kernel.cuh"
GUARDED = """__global__ void fast_kernel(float* x) {
#if defined(__CUDA_ARCH__) && \\
    __CUDA_ARCH__ >= 1200
  fast_path(x);  // 12.x tensor cores
#else
  slow_path(x);
#endif
}
"""
OLDER = (
    "__global__ void older_kernel(float* x) {\n#if __CUDA_ARCH__ >= 750 && __CUDA_ARCH__ < 800\n  f(x);\n#endif\n}\n\n"
)
NESTED = "#if defined(__CUDA_ARCH__)\n#if __CUDA_ARCH__ >= 1200\n"
SPLIT = "#if defined(__CUDA_ARCH__)\n#if __CUDA_ARCH__ >= 1000 && __CUDA_ARCH__ < 1200\n"


@pytest.mark.parametrize(
    ("path", "before", "after", "line", "severity"),
    [
        (ENTRY, DISPATCH, DISPATCH.replace("version_num >= 120)", "version_num == 120)"), 7, Severity.ERROR),
        (
            KERNEL,
            GUARDED,
            GUARDED.replace("__CUDA_ARCH__ >= 1200\n", "__CUDA_ARCH__ >= 1200 && __CUDA_ARCH__ < 1210\n"),
            2,
            Severity.ERROR,
        ),
        # the whole family leaves the path: a warning, as upstream decides for its devices
        (KERNEL, GUARDED, GUARDED.replace(">= 1200", ">= 1000 && __CUDA_ARCH__ < 1200"), 2, Severity.WARNING),
        # the device newly takes the path: a warning
        (
            ENTRY,
            DISPATCH,
            DISPATCH.replace("version_num >= 100 && version_num < 120", "version_num >= 100 && version_num < 130"),
            5,
            Severity.WARNING,
        ),
    ],
    ids=["dispatch-narrowed", "arch-narrowed", "family-dropped", "newly-taken"],
)
def test_a_native_guard_is_evaluated_for_the_device(
    git_repo: GitRepo, path: str, before: str, after: str, line: int, severity: Severity
) -> None:
    sides = _case(git_repo, path, before, after, "Narrow the guard (#21)")
    [finding] = _findings(git_repo, sides, NATIVE)
    assert (finding.path, finding.line, finding.severity) == (path, line, severity), finding.message
    assert "native capability guard" in finding.message and "for a 12.1 device" in finding.message
    assert "#21" in finding.message


@pytest.mark.parametrize(
    ("before", "after"),
    [
        # another device's range changed
        (
            DISPATCH,
            DISPATCH.replace("version_num >= 100 && version_num < 120", "version_num >= 100 && version_num < 110"),
        ),
        # a change beside the guards
        (DISPATCH, DISPATCH.replace("cutlass_scaled_mm_sm120(c, a);", "cutlass_scaled_mm_sm120(c, a, 2);")),
        # the same value for the device, rewritten
        (DISPATCH, DISPATCH.replace("version_num >= 120)", "version_num > 119)")),
        # a new guard: new kernels come with their own
        (
            DISPATCH,
            DISPATCH.replace("  } else {\n", "  } else if (version_num == 121) {\n    other(c, a);\n  } else {\n"),
        ),
        # a part the device does not decide
        (GUARDED, GUARDED.replace(">= 1200\n", ">= 1200 && ENABLE_FAST\n")),
        # guards for other archs added above the device's own (#32224's common.hpp): not a rewrite of it
        (
            GUARDED,
            OLDER
            + GUARDED.replace("#if defined(__CUDA_ARCH__) && \\\n    __CUDA_ARCH__ >= 1200\n", NESTED).replace(
                "#endif\n", "#endif\n#endif\n"
            ),
        ),
        # a comparison split into a compile-pass check and a nested guard (#32224's common.hpp)
        (
            GUARDED.replace(">= 1200\n", ">= 1000 && __CUDA_ARCH__ < 1200\n"),
            GUARDED.replace("#if defined(__CUDA_ARCH__) && \\\n    __CUDA_ARCH__ >= 1200\n", SPLIT).replace(
                "#endif\n", "#endif\n#endif\n"
            ),
        ),
    ],
    ids=["other-device", "beside", "same-value", "new-guard", "undecided", "split-defined", "guards-added-above"],
)
def test_native_near_misses_are_quiet(git_repo: GitRepo, before: str, after: str) -> None:
    path = ENTRY if "version_num" in before else KERNEL
    sides = _case(git_repo, path, before, after, "Refactor (#22)")
    assert _findings(git_repo, sides, NATIVE) == []


def test_without_native_names_no_native_file_is_read(git_repo: GitRepo) -> None:
    sides = _case(git_repo, ENTRY, DISPATCH, DISPATCH.replace(">= 120)", "== 120)"), "Narrow (#23)")
    assert _findings(git_repo, sides, GB10) == []


def test_the_native_names_survive_the_sidecar_trip() -> None:
    assert DeviceGates.of(dataclasses.asdict(NATIVE)) == NATIVE


def test_the_audit_config_names_the_native_names() -> None:
    from aeon_release.domain.audits.config import build_rules

    device = {"capability": "12.1", "native_arch": ["__CUDA_ARCH__"], "native_version": ["version_num"]}
    settings = build_rules([("audits/device.yaml", {"settings": {"device": device}, "rules": []})]).settings
    assert settings.device is not None
    assert (settings.device.native_arch, settings.device.native_version, settings.device.names) == (
        ("__CUDA_ARCH__",),
        ("version_num",),
        (),
    )
