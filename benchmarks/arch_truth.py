"""The truth arch_drift_replay.py measures merge/arch-drift against, read without the engine.

For a group whose list upstream changed in place (the group is set by ``cuda_archs_loose_intersection``
on both sides of the commit), CMake itself decides: each side's own ``cuda_archs_loose_intersection``
(cut from that side's ``cmake/utils.cmake``) is run by ``cmake -P`` on each of the group's lists with
the device's arch list as the target (``12.1a`` for the GB10), and its answer is read: an entry
without ``+PTX`` is the device's SASS, only ``+PTX`` entries are PTX to JIT, nothing is nothing.  A
group narrowed when one of its lists (paired in order when the commit kept their number, else the
best of each side) answers less after than before: to nothing an error, to PTX alone a warning.  The
calls are found by this file's own pattern, not the engine's reader; a list spelled through a
variable is not evaluated (counted as such).

A group upstream removed from the file (renamed, split, moved into a function) cannot be judged from
its lists alone: which files its block compiled, and which lists compile them now, is CMake control
flow.  Those are ``HAND_CHECKED`` below, each read by hand from the commit's diff (the lists' answers
by ``cmake -P`` as above), with the reason.
"""

from __future__ import annotations

import re
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from threeway import show

# ``cuda_archs_loose_intersection(GROUP "list" "${CUDA_ARCHS}")``, the list a literal (or not)
_CALL = re.compile(r'cuda_archs_loose_intersection\(\s*(\w+)\s+"([^"]*)"\s+"?\$\{\w+\}"?\s*\)')
# the functions of cmake/utils.cmake a build runs to turn TORCH_CUDA_ARCH_LIST into CUDA_ARCHS, and the intersection
_NEEDED = ("string_to_ver", "extract_unique_cuda_archs_ascending", "cuda_archs_loose_intersection")
NONE, PTX, SASS = 0, 1, 2
SEVERITY = {NONE: "error", PTX: "warning"}

# (commit prefix, group) -> the verdict read by hand for the device 12.1 with CUDA 13 ("error": the device
# no longer gets a cubin it runs, "warning": PTX alone, None: not narrowed), and what was read
HAND_CHECKED: dict[tuple[str, str], tuple[str | None, str]] = {
    ("7caff01a7b", "BLACKWELL_ARCHS"): (
        "error",
        '#14354: its block compiled c3x/scaled_mm_sm100_fp8.cu for "10.0;10.1;12.0" (CMake: 12.0, a cubin the '
        '12.1 runs); the commit moved the file into the block of SCALED_MM_ARCHS "10.0a;10.1a;12.0a" (CMake: '
        "12.0a, an arch-specific cubin the 12.1 does not run)",
    ),
    ("78e7293bb1", "FP4_ARCHS"): (
        None,
        "#45277: split by family; the SM120 NVFP4 sources and nvfp4_kv_cache_kernels.cu went to FP4_SM120_ARCHS "
        'with the same lists ("12.0f", "12.0a;12.1a"): the device keeps them',
    ),
    ("78e7293bb1", "QUTLASS_ARCHS"): (
        None,
        '#45277: split into QUTLASS_SM120_ARCHS ("12.0f" on CUDA 13) and QUTLASS_SM100_ARCHS; QUTLASS_ARCHS is '
        "then set() from the SM120 one when no SM100 arch is asked for: the device keeps QuTLASS",
    ),
}
HAND_DEVICE = (12, 1)


@dataclass(frozen=True)
class Truth:
    changed: frozenset[str]  # groups whose list the commit changed in place
    narrowed: dict[str, str]  # group -> "error" | "warning", by CMake's own answers
    removed: frozenset[str]  # groups the commit removed from the file that gave the device something
    unread: int  # lists spelled through a variable: not evaluated


def calls(text: str) -> list[tuple[str, str]]:
    """(group, list) of each call, in order; a call on a commented line aside."""
    found = []
    for match in _CALL.finditer(text):
        start = text.rfind("\n", 0, match.start()) + 1
        if "#" not in text[start : match.start()]:
            found.append((match.group(1), match.group(2)))
    return found


def answers(
    cmake: str, utils: str, lists_text: str, lists: list[str], device: tuple[int, int], cuda: str
) -> dict[str, int | None]:
    """list -> the level CMake's own function gives the device (None: a list spelled through a variable)."""
    wanted = sorted({a for a in lists if "${" not in a})
    # vLLM's own minimum sets the policies (IN_LIST).  The target is what that version's CMakeLists makes of
    # torch's flag for the device (``-gencode arch=compute_121a,code=sm_121a``): its own extraction, so an
    # ``a`` kept or dropped, as the build saw it; an old intersection reads the global CUDA_ARCHS.
    script = ["cmake_minimum_required(VERSION 3.21)", *_definitions(utils)]
    digits = "".join(map(str, device)) + ("a" if device[0] >= 9 else "")
    script += [
        f"set(CMAKE_CUDA_COMPILER_VERSION {cuda})",
        *_supported(lists_text),
        f'extract_unique_cuda_archs_ascending(CUDA_ARCHS "-gencode arch=compute_{digits},code=sm_{digits}")',
        'cuda_archs_loose_intersection(CUDA_ARCHS "${CUDA_SUPPORTED_ARCHS}" "${CUDA_ARCHS}")',
        'set(TGT "${CUDA_ARCHS}")',
    ]
    for i, archs in enumerate(wanted):
        script += [f'cuda_archs_loose_intersection(OUT{i} "{archs}" "${{TGT}}")', f'message(STATUS "{i}=${{OUT{i}}}")']
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "truth.cmake"
        path.write_text("\n".join(script) + "\n")
        done = subprocess.run([cmake, "-P", str(path)], capture_output=True, text=True, timeout=60)
        if done.returncode:
            raise SystemExit(f"cmake -P failed: {done.stderr[-2000:]}")
    out = dict(line.removeprefix("-- ").split("=", 1) for line in done.stdout.splitlines() if "=" in line)
    found: dict[str, int | None] = {a: None for a in lists if "${" in a}
    for i, archs in enumerate(wanted):
        found[archs] = max((runs(e, device) for e in out.get(str(i), "").split(";") if e), default=NONE)
    return found


def _supported(text: str) -> list[str]:
    """The top-level ``if(...)`` block of the CMakeLists that sets CUDA_SUPPORTED_ARCHS by CUDA version."""
    lines = text.splitlines()
    at = next((i for i, line in enumerate(lines) if "set(CUDA_SUPPORTED_ARCHS" in line), None)
    if at is None:
        raise SystemExit("the CMakeLists sets no CUDA_SUPPORTED_ARCHS")
    if lines[at].startswith("set("):
        return [lines[at]]  # one list for every CUDA (early 2025)
    start = max(i for i in range(at + 1) if lines[i].startswith("if("))
    end = min(i for i in range(at, len(lines)) if lines[i].startswith("endif()"))
    return lines[start : end + 1]


def _definitions(utils: str) -> list[str]:
    found = []
    for name in _NEEDED:
        block = re.search(rf"^(function|macro)\({name}\b.*?^end\1\(\)", utils, re.M | re.S)
        if block is None:
            raise SystemExit(f"cmake/utils.cmake defines no {name}")
        found.append(block.group(0))
    return found


def runs(entry: str, device: tuple[int, int]) -> int:
    """What the device runs of one arch CMake chose (CUDA's compatibility rule, not CMake's): a cubin runs
    on its own major from its minor on, an arch-specific ``a`` cubin on its own arch alone (sm_120a does not
    run on 12.1), a family ``f`` cubin on its major from its minor on; ``+PTX`` adds the PTX (vLLM's
    set_gencode_flags_for_srcs builds both), which JIT-compiles on any later device."""
    match = re.fullmatch(r"(\d+)\.(\d+)([af]?)(\+PTX)?", entry.strip())
    if match is None:
        raise SystemExit(f"an arch CMake chose that this does not read: {entry!r}")
    arch, suffix, ptx = (int(match.group(1)), int(match.group(2))), match.group(3), match.group(4)
    if ptx:
        return max(runs(entry.strip().removesuffix("+PTX"), device), PTX if arch <= device else NONE)
    if suffix == "a":
        return SASS if arch == device else NONE
    return SASS if arch[0] == device[0] and arch[1] <= device[1] else NONE


def truth(repo: Path, sha: str, path: str, capability: tuple[int, int], cuda: str, cmake: str = "cmake") -> Truth:
    old, new = show(repo, f"{sha}^", path) or "", show(repo, sha, path) or ""
    before, after = calls(old), calls(new)
    sides = []
    for rev, found in ((f"{sha}^", before), (sha, after)):
        utils, top = show(repo, rev, "cmake/utils.cmake") or "", show(repo, rev, "CMakeLists.txt") or ""
        sides.append(answers(cmake, utils, top, [a for _, a in found], capability, cuda))
    was, now = sides
    groups_before: dict[str, list[str]] = {}
    groups_after: dict[str, list[str]] = {}
    for found, into in ((before, groups_before), (after, groups_after)):
        for group, archs in found:
            into.setdefault(group, []).append(archs)
    changed, narrowed, removed = set(), {}, set()
    for group, lists in groups_before.items():
        later = groups_after.get(group)
        if later is None:
            if any(was[a] for a in lists):
                removed.add(group)
            continue
        if sorted(lists) == sorted(later):
            continue
        changed.add(group)
        if len(lists) == len(later):
            pairs = [(was[a], now[b]) for a, b in zip(lists, later, strict=True) if a != b]
        else:
            pairs = [(_best([was[a] for a in lists]), _best([now[b] for b in later]))]
        drops = [b for a, b in pairs if a is not None and b is not None and b < a]
        if drops:
            narrowed[group] = SEVERITY[min(drops)]
    unread = sum(1 for _, a in before + after if "${" in a)
    return Truth(frozenset(changed), narrowed, frozenset(removed), unread)


def _best(levels: list[int | None]) -> int | None:
    return None if any(v is None for v in levels) else max((v or 0 for v in levels), default=0)
