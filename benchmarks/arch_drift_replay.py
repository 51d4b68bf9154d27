"""Every change vLLM made to a kernel's CUDA arch list since 2025-01, replayed as a merge: what does merge/arch-drift say?

For each first-parent commit K on main whose diff of ``CMakeLists.txt`` or ``cmake/*.cmake`` adds or
removes a ``cuda_archs_loose_intersection(`` line, the merge base is K's parent, upstream is K, and
the fork is the base plus one new fork module (a clean merge).  The device is the repository's own
(``audits/``: ``settings: device``).  What should be reported comes from arch_truth.py, not from the
engine: CMake itself (``cmake -P``) runs each side's own arch functions on each list for the device's
``TORCH_CUDA_ARCH_LIST`` and the CUDA version given, and CUDA's compatibility rule reads what the
device runs of CMake's answer; a group K removed from the file (renamed, split) is judged by hand
(arch_truth.HAND_CHECKED, for 12.1 alone).  Every merge/arch-drift finding is printed under K's
subject; then the totals: commits that change a list, those that narrow one under the device and how
many of them are reported, the severity agreement (an error where the device is left nothing it runs,
a warning where it is left PTX), and the findings on the others (false), errors apart.

  python benchmarks/arch_drift_replay.py [--mirror DIR] [--since 2025-01-01] [--capability 10.3] [--cuda 13.0]

``--capability`` replays for another device (the repository's device with that capability): more of
upstream's narrowings to count, for devices upstream did drop (removed groups are then not judged).
"""

from __future__ import annotations

import argparse
import re
import shutil
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

from arch_truth import HAND_CHECKED, HAND_DEVICE, truth
from threeway import MIRROR, clone, device_settings, git, merged_under_a_carry, utc_day

from aeon_release.domain.audits import GitTree
from aeon_release.domain.audits.merge import merge_findings
from aeon_release.domain.audits.merge_rules import ARCH_DRIFT
from aeon_release.domain.audits.model import MergeSides
from aeon_release.domain.audits.source import SourceCache

# the group a finding names: its own, or the base's group a renamed one came from
_GROUP = re.compile(r"narrowed (\w+)'s arch list|from (\w+) to \w+ and narrowed|replaced (\w+) with")


def _group(message: str) -> str:
    match = _GROUP.search(message)
    return next((g for g in match.groups() if g), "") if match else ""


def expected(
    repo: Path, sha: str, path: str, device: tuple[int, int], cuda: str, cmake: str
) -> tuple[set[str], dict[str, str], set[str]]:
    """(groups whose list K changed or removed, group -> the severity due where K narrowed one under the
    device, removed groups nobody judged)."""
    found = truth(repo, sha, path, device, cuda, cmake)
    narrowed = dict(found.narrowed)
    unjudged = set()
    for group in found.removed:
        hand = HAND_CHECKED.get((sha[:10], group)) if device == HAND_DEVICE else None
        if hand is None:
            unjudged.add(group)
        elif hand[0] is not None:
            narrowed[group] = hand[0]
    return set(found.changed | found.removed), narrowed, unjudged


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mirror", type=Path, default=MIRROR)
    parser.add_argument("--since", type=utc_day, default="2025-01-01")
    parser.add_argument("--capability", help="another device's, as 10.3")
    parser.add_argument("--cuda", default="13.0", help="the CUDA version the fork builds with (the fleet's: 13.0)")
    args = parser.parse_args()
    cmake = shutil.which("cmake")
    if cmake is None:
        raise SystemExit("the truth is CMake's own answer: cmake must be on PATH")
    settings = device_settings()
    assert settings.device is not None
    if args.capability:
        major, minor = (int(part) for part in args.capability.split("."))
        settings = replace(settings, device=replace(settings.device, capability=(major, minor)))
    device = settings.device.capability
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        repo = clone(args.mirror, Path(tmp) / "vllm")
        log = git(
            repo, "log", "--first-parent", "main", f"--since={args.since}", "--format=%H %s",
            "-G", "cuda_archs_loose_intersection\\(", "--", "CMakeLists.txt", "cmake/*.cmake",
        )  # fmt: skip
        found = [(line[:40], line[41:]) for line in log.splitlines() if line]
        commits_changing = narrowing = caught = false = false_errors = errors = agreed = due = 0
        unjudged: list[str] = []
        seconds = 0.0
        for sha, subject in reversed(found):
            paths = [
                p
                for p in git(
                    repo, "diff", "--name-only", f"{sha}^", sha, "--", "CMakeLists.txt", "cmake/*.cmake"
                ).split()
                if p
            ]
            truths = {p: expected(repo, sha, p, device, args.cuda, cmake) for p in paths}
            changing = any(changed for changed, _, _ in truths.values())
            want = {(p, g): severity for p, (_, narrowed, _) in truths.items() for g, severity in narrowed.items()}
            unjudged += [f"{sha[:10]} {g}" for _, _, groups in truths.values() for g in sorted(groups)]
            base, ours, merged = merged_under_a_carry(repo, sha)
            if merged is None:
                print(f"  {sha[:10]} {subject[:70]}: merge failed")
                continue
            commits_changing += changing
            narrowing += bool(want)
            tree = GitTree(repo, merged)
            at = time.perf_counter()
            try:
                findings = merge_findings(SourceCache(tree), MergeSides(repo, base, ours, sha), settings)
            finally:
                tree.close()
            seconds += time.perf_counter() - at
            drift = [f for f in findings if f.rule_id == ARCH_DRIFT]
            got = {(f.path, _group(f.message)) for f in drift}
            caught += bool(want) and want.keys() <= got
            for key, severity in want.items():
                said = {f.severity.value for f in drift if (f.path, _group(f.message)) == key}
                due, agreed = due + 1, agreed + (said == {severity})
            judged = [f for f in drift if _group(f.message) not in truths.get(f.path, (set(), {}, set()))[2]]
            wrong = [f for f in judged if (f.path, _group(f.message)) not in want]
            false += bool(wrong)
            false_errors += any(f.severity.value == "error" for f in wrong)
            errors += any(f.severity.value == "error" for f in drift)
            if want or drift:
                tag = (
                    "caught" if want and want.keys() <= got else "MISSED" if want else "FALSE" if wrong else "unjudged"
                )
                due_here = ", ".join(f"{g}: {v}" for (_, g), v in sorted(want.items())) or "-"
                print(f"{tag} {sha[:10]} {subject[:90]}  (narrowed, by CMake: {due_here})")
                for f in drift:
                    print(f"    {f.severity.value}: {f.path}:{f.line}: {f.message[:240]}")
    print(
        f"\n{len(found)} commits touch an arch-list line, {commits_changing} change or remove a group's list; {narrowing}"
        f" narrow one under the device ({'.'.join(map(str, device))}, CUDA {args.cuda}, by CMake and the hand-checked"
        f" renames): {caught}/{narrowing} caught; severity as due {agreed}/{due}; false: {false}/{len(found) - narrowing}"
        f" ({false_errors} with an error); {errors} commits with an error in all; removed groups not judged:"
        f" {', '.join(unjudged) or 'none'}; audits {seconds:.1f} s, {time.perf_counter() - started:.0f} s in all"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
