"""Replay every real upstream change to a native (C++/CUDA) capability guard: what does merge/device-gate say?

The device and the names csrc/ compares its capability through come from the repository's own audits/
(``settings: device``: ``native_arch``, ``native_version``).  For each upstream commit K on main since
``--since`` whose diff of a file under csrc/ adds or removes a line comparing one of those names with
a number (``git log -G``): the merge base is K's first parent, upstream (theirs) is K, and the fork
(ours) is the base plus one new fork module.  The merge is clean; the engine's merge-aware audit runs
on the merged tree, and every merge/device-gate finding on a native file is printed with K's subject,
for a reader to judge.  Then the totals: commits replayed, commits with an error (the device loses a
path), commits with a warning only.

  python benchmarks/native_gate_replay.py [--mirror DIR] [--since 2025-01-01] [--limit N]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

from threeway import MIRROR, GitTree, MergeSides, SourceCache, clone, commit_files, git, merge_findings

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from aeon_release.domain.audits.config import load_rules  # noqa: E402
from aeon_release.domain.audits.merge_rules import DEVICE_GATE  # noqa: E402
from aeon_release.domain.audits.model import Settings  # noqa: E402

FORK_MODULE = "vllm/aeon_fork_note.py"


def commits(repo: Path, since: str, names: tuple[str, ...]) -> list[tuple[str, str]]:
    pattern = r"\b(" + "|".join(names) + r")(\(\))?[[:space:]]*(>=|<=|==|!=|<|>)[[:space:]]*[0-9]"
    out = git(
        repo, "log", "--first-parent", "main", f"--since={since}", "--format=%H %s", "-E", "-G", pattern, "--", "csrc"
    )
    return [(line[:40], line[41:]) for line in out.splitlines() if line]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mirror", type=Path, default=MIRROR)
    parser.add_argument("--since", default="2025-01-01")
    parser.add_argument("--limit", type=int, default=0)
    args = parser.parse_args()
    settings = load_rules(ROOT).settings
    if settings.device is None:
        raise SystemExit("audits/ sets no device (settings: device)")
    settings = Settings(device=settings.device, pr_subject_pattern=settings.pr_subject_pattern)
    with tempfile.TemporaryDirectory() as tmp:
        repo = clone(args.mirror, Path(tmp) / "repo")
        names = (*settings.device.native_arch, *settings.device.native_version)
        found = commits(repo, args.since, names)
        if args.limit:
            found = found[: args.limit]
        print(
            f"device {settings.device.label}; {len(found)} upstream commits change a native capability guard since {args.since}"
        )
        errors = warnings = 0
        started = time.perf_counter()
        for sha, subject in reversed(found):
            base = git(repo, "rev-parse", f"{sha}^")
            ours = commit_files(repo, base, {FORK_MODULE: "FORK_NOTE = 'carried'\n"}, "fork: a carry")
            done = git(repo, "merge-tree", "--write-tree", "--no-messages", ours, sha, check=False)
            if not done:
                print(f"  {sha[:10]} {subject[:70]}: merge failed")
                continue
            tree = GitTree(repo, done.split()[0])
            try:
                findings = merge_findings(SourceCache(tree), MergeSides(repo, base, ours, sha), replace(settings))
            finally:
                tree.close()
            gates = [f for f in findings if f.rule_id == DEVICE_GATE and not f.path.endswith(".py")]
            severities = {f.severity.value for f in gates}
            errors += "error" in severities
            warnings += severities == {"warning"}
            if gates:
                print(f"{sha[:10]} {subject[:90]}")
                for f in gates:
                    print(f"    {f.severity.value}: {f.path}:{f.line}: {f.message[:260]}")
        print(
            f"\n{len(found)} commits replayed in {time.perf_counter() - started:.0f} s: {errors} with an error "
            f"(the device loses a path), {warnings} with warnings only"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
