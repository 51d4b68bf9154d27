"""CUDA arch lists: refuse the ones that silently drop FP4, and probe what nvcc really generates.

Why the suffix matters.  Blackwell's FP4 instructions (``cvt.rn.satfinite.e2m1x2.f32``, the
block-scaled MMAs) exist only in the arch-specific (``sm_XXXa``) and family (``sm_XXXf``) targets.
nvcc defines ``__CUDA_ARCH_SPECIFIC__`` / ``__CUDA_ARCH_FAMILY_SPECIFIC__`` only for those, and
CUTLASS-based FP4 code is guarded on them.  A bare ``MAJOR.MINOR`` target therefore builds fine,
with the FP4 kernels preprocessed out, and FP4 checkpoints fall back to a slower path without a
warning.  Which majors need the suffix, and the one-major rule for the SM100 kernels, are the
fleet's arch policy (``arch`` in fleet.yaml, ``profile.ArchPolicy``).

The probe compiles (compile only, no GPU needed) a kernel guarded the same way for each requested
arch and reports whether the FP4 conversion made it into the generated PTX, and that ptxas
assembled it into a cubin for that exact target.
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path

from aeon_release.adapters.process import bounded_run
from aeon_release.domain.profile import ArchPolicy
from aeon_release.errors import UsageError, quoted

FP4_INSTRUCTION = "cvt.rn.satfinite.e2m1x2.f32"
FP4_FIRST_MAJOR = 10  # Blackwell: the first CUDA major with FP4 instructions (the probe's __CUDA_ARCH__ >= 1000)

# ASCII digits: ``\d`` and int() take any Unicode digit, and the build gets the text itself
_ARCH = re.compile(r"^(?P<major>[0-9]{1,2})\.(?P<minor>[0-9])(?P<suffix>[af]?)(?P<ptx>\+PTX)?\Z")
# The CUDA majors an arch list can name: Kepler (3) to Blackwell (12) and a few to come.  ``49.9a`` or
# ``0.0`` is spelt like an arch and is none: init wrote it into fleet.yaml as an FP4 major or as the
# device's capability, and build handed it to nvcc (fleet.schema.json's arch holds the same range).
CUDA_MAJORS = range(3, 20)

PROBE_SOURCE = r"""// aeon-release arch probe: does this target generate Blackwell FP4 code?
// Guarded like CUTLASS FP4 code: only arch- or family-specific targets (sm_XXXa, sm_XXXf)
// define these macros, so a bare sm_XXX preprocesses the FP4 path out (sm_90a has no FP4).
__global__ void aeon_fp4_probe(unsigned short* out, float lo, float hi) {
#if (defined(__CUDA_ARCH_SPECIFIC__) || defined(__CUDA_ARCH_FAMILY_SPECIFIC__)) && __CUDA_ARCH__ >= 1000
  unsigned short packed;
  asm volatile("{\n .reg .b8 fp4x2;\n cvt.rn.satfinite.e2m1x2.f32 fp4x2, %1, %2;\n"
               " cvt.u16.u8 %0, fp4x2;\n}" : "=h"(packed) : "f"(hi), "f"(lo));
  *out = packed;
#else
  *out = 0;
#endif
}
"""


@dataclass(frozen=True)
class Arch:
    major: int
    minor: int
    suffix: str  # "", "a" or "f"
    ptx: bool

    @property
    def text(self) -> str:
        return f"{self.major}.{self.minor}{self.suffix}{'+PTX' if self.ptx else ''}"

    @property
    def sm(self) -> str:
        """nvcc's spelling: 9.0a -> 90a."""
        return f"{self.major}{self.minor}{self.suffix}"


def arch_of(item: str) -> Arch | None:
    """One entry of an arch list (``10.3a``, ``8.0+PTX``) as an Arch; None when it is not one."""
    match = _ARCH.match(item)
    if match is None or int(match["major"]) not in CUDA_MAJORS:
        return None
    return Arch(int(match["major"]), int(match["minor"]), match["suffix"], bool(match["ptx"]))


def parse_arch_list(value: str) -> tuple[Arch, ...]:
    """Parse a TORCH_CUDA_ARCH_LIST, ``;`` or space (or tab) separated: torch's extension builder and
    its CMake split on nothing else, so ``9.0a,10.0a`` (or a no-break space) is one entry that is no
    arch, refused here rather than by the build hours later."""
    archs = []
    for item in (part for part in re.split(r"[; \t]+", value.strip(" \t")) if part):
        arch = arch_of(item)
        if arch is None:
            spelt = re.fullmatch(r"[0-9]+\.[0-9][af]?(?:\+PTX)?", item, re.ASCII)  # an arch's spelling, no major's
            why = f" (CUDA majors are {CUDA_MAJORS[0]} to {CUDA_MAJORS[-1]})" if spelt is not None else ""
            raise UsageError(
                f"TORCH_CUDA_ARCH_LIST entry {quoted(item)} is not an arch{why}",
                "write entries like 10.0a, 9.0a or 8.0+PTX, separated by ';'",
            )
        archs.append(arch)
    if not archs:
        raise UsageError("TORCH_CUDA_ARCH_LIST is empty", "write an arch list such as 9.0a;10.0a")
    return tuple(archs)


def runs_on(arch: Arch, device: str) -> bool:
    """Whether a cubin built for ``arch`` runs on a GPU of compute capability ``device`` (``MAJOR.MINOR``): its own
    capability, or a later minor of its major, except for an arch-specific (``a``) target, which runs on its own
    alone (a family ``f`` target runs on its family's later minors).  ``+PTX`` is not counted: the driver compiles
    PTX of an older target when it loads, slowly and without that device's own kernels (FP4 among them)."""
    major, _, minor = device.partition(".")
    if arch.major != int(major) or arch.minor > int(minor):
        return False
    return arch.minor == int(minor) or arch.suffix != "a"


def check_devices(arch_list: str, archs: tuple[Arch, ...], policy: ArchPolicy) -> None:
    """Refuse an arch list with no target for one of the fleet's devices (fleet.yaml's ``arch.devices``): the image
    builds, and fails on the machine it is for (no kernel image for the device) hours later."""
    for device in policy.devices:
        if any(runs_on(arch, device) for arch in archs):
            continue
        major = int(device.partition(".")[0])
        target = device + ("a" if major in policy.fp4_majors else "")
        raise UsageError(
            f"TORCH_CUDA_ARCH_LIST {quoted(arch_list)} has no target for the fleet's device {device} (fleet.yaml "
            "arch.devices): the image would not run there",
            f"add {target} to the list ({policy.example}), or pass --skip-device-check to build for other machines",
        )


def validate(arch_list: str, enable_nvfp4_sm100: str | None, policy: ArchPolicy) -> tuple[Arch, ...]:
    """Refuse an arch list that would build but silently drop the FP4 kernels."""
    archs = parse_arch_list(arch_list)
    for arch in archs:
        if arch.major in policy.fp4_majors and not arch.suffix:
            raise UsageError(
                f"TORCH_CUDA_ARCH_LIST entry {quoted(arch.text)} has no 'a'/'f' suffix: the Blackwell FP4 "
                f"kernels need sm_{arch.sm}a or sm_{arch.sm}f and would be preprocessed out, so NVFP4 "
                "checkpoints would fall back to Marlin without a warning",
                f"write {arch.major}.{arch.minor}a ({policy.example})",
            )
    one_major = policy.only_major is not None and all(arch.major == policy.only_major for arch in archs)
    if one_major and (enable_nvfp4_sm100 or "0").strip() != "0":
        value = str(enable_nvfp4_sm100)  # a Dockerfile's or --build-arg's: quoted unless a short plain word
        shown = value if value.isascii() and value.isalnum() and len(value) <= 20 else quoted(value)
        raise UsageError(
            f"ENABLE_NVFP4_SM100={shown} with the SM{policy.only_major}x-only arch list {quoted(arch_list)}: "
            "the SM100 FP4 kernels have no target here",
            "pass --build-arg ENABLE_NVFP4_SM100=0",
        )
    return archs


# -- the probe -------------------------------------------------------------------------------
@dataclass(frozen=True)
class ProbeResult:
    arch: str
    fp4_expected: bool
    fp4_in_ptx: bool | None  # None: nvcc could not compile for this target
    cubin_ok: bool
    seconds: float
    detail: str = ""

    @property
    def ok(self) -> bool:
        """FP4 code is generated exactly where a Blackwell target should have it."""
        return self.cubin_ok and self.fp4_in_ptx is not None and (self.fp4_in_ptx or not self.fp4_expected)

    def as_dict(self) -> dict[str, object]:
        return {**asdict(self), "ok": self.ok}


def find_nvcc() -> str | None:
    return shutil.which("nvcc")


def probe(arch: Arch, nvcc: str, policy: ArchPolicy) -> ProbeResult:
    """Compile the probe for one arch (no GPU needed) and look for the FP4 instruction in its PTX."""
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="aeon-archprobe-") as tmp:
        work = Path(tmp)
        (work / "probe.cu").write_text(PROBE_SOURCE)
        gencode = f"arch=compute_{arch.sm},code=sm_{arch.sm}"
        expected = arch.major in policy.fp4_majors
        # in a session of its own, stopped with the compilers it started when the run is stopped (subprocess.run
        # killed nvcc alone: its cicc and gcc ran on after the run had ended, in a folder already removed)
        done = bounded_run(
            [
                nvcc,
                "-cubin",
                "-gencode",
                gencode,
                "--keep",
                "--keep-dir",
                str(work),
                "-o",
                str(work / "probe.cubin"),
                str(work / "probe.cu"),
            ],
            seconds=300,
            cwd=work,
            env=os.environ,
        )
        seconds = round(time.monotonic() - started, 2)
        ptx_files = sorted(work.glob("*.ptx"))
        if done.returncode != 0 or not ptx_files:
            said = (done.stderr or done.stdout).decode("utf-8", "replace")
            last = said.strip().splitlines()[-1:] or [f"exit {done.returncode}"]
            return ProbeResult(arch.text, expected, None, False, seconds, f"nvcc failed: {last[0]}")
        ptx = ptx_files[0].read_text(errors="replace")
        found = FP4_INSTRUCTION in ptx
        cubin = (work / "probe.cubin").is_file()
    detail = f"{FP4_INSTRUCTION} {'in' if found else 'absent from'} the sm_{arch.sm} PTX"
    return ProbeResult(arch.text, expected, found, cubin, seconds, detail)


def probe_all(archs: tuple[Arch, ...], policy: ArchPolicy, nvcc: str | None = None) -> list[ProbeResult] | None:
    """Probe every arch, or None when there is no nvcc on this machine."""
    nvcc = nvcc or find_nvcc()
    if nvcc is None:
        return None
    return [probe(arch, nvcc, policy) for arch in archs]
