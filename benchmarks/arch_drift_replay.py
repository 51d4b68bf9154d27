"""Every change vLLM made to a kernel's CUDA arch list since 2025-01, replayed as a merge: what does merge/arch-drift say?

For each first-parent commit K on main whose diff of ``CMakeLists.txt`` or ``cmake/*.cmake`` adds or
removes a ``cuda_archs_loose_intersection(`` line, the merge base is K's parent, upstream is K, and
the fork is the base plus one new fork module (a clean merge).  The device is the repository's own
(``audits/``: ``settings: device``).  What should be reported is read from the two versions alone,
by group: a group K gave a new list, one of whose old lists covered the device while none of its new
lists does (the loose intersection's rule, ``drift.arch_lists.list_covers``), the group kept.  Every
merge/arch-drift finding is printed under K's subject; then the totals: commits that change a list,
those that narrow one under the device and how many of them are reported, and the findings on the
others (false), errors apart.

  python benchmarks/arch_drift_replay.py [--mirror DIR] [--since 2025-01-01] [--capability 10.3]

``--capability`` replays for another device (the repository's device with that capability): more of
upstream's narrowings to count, for devices upstream did drop.
"""

from __future__ import annotations

import argparse
import re
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

from threeway import MIRROR, clone, device_settings, git, merged_under_a_carry, show

from aeon_release.domain.audits import GitTree
from aeon_release.domain.audits.drift.arch_lists import calls, gated, level
from aeon_release.domain.audits.merge import merge_findings
from aeon_release.domain.audits.merge_rules import ARCH_DRIFT
from aeon_release.domain.audits.model import MergeSides
from aeon_release.domain.audits.source import SourceCache

# the group a finding names: its own, or the base's group a renamed one came from
_GROUP = re.compile(r"narrowed (\w+)'s arch list|from (\w+) to \w+ and narrowed|replaced (\w+) with")


def _group(message: str) -> str:
    match = _GROUP.search(message)
    return next((g for g in match.groups() if g), "") if match else ""


def expected(repo: Path, sha: str, path: str, device: tuple[int, int]) -> tuple[set[str], set[str]]:
    """(groups whose list K changed, those of them narrowed under the device).  A group's calls are
    paired in order when K kept their number (vLLM sets ``SCALED_MM_ARCHS`` for a dozen kernels), as
    sets of lists otherwise.  Narrowed: from covering the device to not, or from its major's SASS to an
    older major's PTX alone (``level``).  A group K removed from the file is narrowed when a source file
    its ``if(... GROUP)`` block compiled is, in K's version, compiled only by lists K added that cover
    the device less (``gated``: the block's source files, read the way the check reads them)."""
    old, new = show(repo, f"{sha}^", path) or "", show(repo, sha, path) or ""
    before: dict[str, list[str]] = {}
    after: dict[str, list[str]] = {}
    for text, into in ((old, before), (new, after)):
        for call in calls(text):
            into.setdefault(call.group, []).append(call.archs)

    def rank(lists: set[str] | list[str]) -> int | None:
        levels = [level(a, device) for a in lists]
        return None if any(v is None for v in levels) else max((v or 0 for v in levels), default=0)

    changed, narrowed = set(), set()
    for group, lists in before.items():
        later = after.get(group, [])
        if len(later) == len(lists):
            pairs = [(a, b) for a, b in zip(lists, later, strict=True) if a != b]
        else:
            removed, added = set(lists) - set(later), set(later) - set(lists)
            pairs = [(a, b) for a in removed for b in added] if removed and added else []
        if not pairs:
            continue
        changed.add(group)
        olds, news = {a for a, _ in pairs}, {b for _, b in pairs}
        was, now = max((level(a, device) or 0 for a in olds), default=0), rank(news)
        if now is not None and was > now:
            narrowed.add(group)
        elif len(later) == len(lists) and any(
            (level(a, device) or 0) > (level(b, device) if level(b, device) is not None else 9) for a, b in pairs
        ):
            narrowed.add(group)
    old_lines, new_lines = old.splitlines(), new.splitlines()
    new_calls = calls(new)
    old_new = {c.group for c in calls(old)}
    for call in calls(old):
        if call.group in after or not level(call.archs, device):
            continue
        changed.add(call.group)
        for source in gated(old_lines, call.line, call.group):
            by = [c for c in new_calls if source in gated(new_lines, c.line, c.group)]
            was = level(call.archs, device) or 0
            group_now = [c for c in by if c.group not in old_new or c.archs not in before.get(c.group, [])]
            if by and group_now and (rank([c.archs for c in by]) or 0) < was:
                narrowed.add(call.group)
    return changed, narrowed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mirror", type=Path, default=MIRROR)
    parser.add_argument("--since", default="2025-01-01")
    parser.add_argument("--capability", help="another device's, as 10.3")
    args = parser.parse_args()
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
        commits_changing = narrowing = caught = false = false_errors = errors = 0
        seconds = 0.0
        for sha, subject in reversed(found):
            paths = [
                p
                for p in git(
                    repo, "diff", "--name-only", f"{sha}^", sha, "--", "CMakeLists.txt", "cmake/*.cmake"
                ).split()
                if p
            ]
            truth = {p: expected(repo, sha, p, device) for p in paths}
            changing = any(changed for changed, _ in truth.values())
            want = {(p, g) for p, (_, narrowed) in truth.items() for g in narrowed}
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
            caught += bool(want) and want <= got
            wrong = [f for f in drift if (f.path, _group(f.message)) not in want]
            false += bool(wrong)
            false_errors += any(f.severity.value == "error" for f in wrong)
            errors += any(f.severity.value == "error" for f in drift)
            if want or drift:
                tag = "caught" if want and want <= got else ("MISSED" if want else "FALSE")
                print(f"{tag} {sha[:10]} {subject[:90]}  (narrowed: {', '.join(sorted(g for _, g in want)) or '-'})")
                for f in drift:
                    print(f"    {f.severity.value}: {f.path}:{f.line}: {f.message[:240]}")
    print(
        f"\n{len(found)} commits touch an arch-list line, {commits_changing} change a group's list; {narrowing} narrow one"
        f" under the device ({'.'.join(map(str, device))}): {caught}/{narrowing} caught; false: {false}/{len(found) - narrowing}"
        f" ({false_errors} with an error); {errors} commits with an error in all; audits {seconds:.1f} s,"
        f" {time.perf_counter() - started:.0f} s in all"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
