"""Does the `arch-coverage` rule read real upstream CMake the way the build does?

Walks the upstream main line's commits that touched CMakeLists.txt or cmake/utils.cmake (by default
the bare repository the search tool's fetch of github:neuralmagic/vllm gives, from 2025-06-01), and
runs the fleet's rule (audits/nvfp4.yaml: the FP4 kernel groups for TORCH_CUDA_ARCH_LIST=12.1a) on
each revision, for each CUDA version given.  It prints every change of the verdict (the commits
where the GB10's NVFP4 kernels stopped or started being compiled), how many revisions the rule could
not evaluate (a parse or CMake error: should be 0), and the median time of one evaluation.
Nothing is checked out; blobs are read from the object database.  Usage:

  python benchmarks/arch_coverage_replay.py [--git-dir DIR] [--since 2025-06-01] [--cuda 12.9,13.0]
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import time
from pathlib import Path

import yaml
from threeway import utc_day

from aeon_release.adapters.yamlio import Where
from aeon_release.domain.audits.config import parse_rule
from aeon_release.domain.audits.kinds.base import Context
from aeon_release.domain.audits.registry import KINDS
from aeon_release.domain.audits.source import GitTree, SourceCache

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_GIT_DIR = Path("/work/.mirror/neuralmagic+vllm/repo")
RULE_ID = "nvfp4/kernels-built-for-gb10"


def fleet_rule(cuda: str) -> object:
    data = yaml.safe_load((ROOT / "audits" / "nvfp4.yaml").read_text())
    node = next(r for r in data["rules"] if r["id"] == RULE_ID)
    return parse_rule(node | {"cuda_version": cuda}, Where("audits/nvfp4.yaml"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--git-dir", type=Path, default=DEFAULT_GIT_DIR)
    parser.add_argument("--since", type=utc_day, default="2025-06-01")
    parser.add_argument("--branch", default="main")
    parser.add_argument("--cuda", default="12.9,13.0")
    args = parser.parse_args()
    log = subprocess.run(
        ["git", "--git-dir", str(args.git_dir), "log", "--first-parent", "--reverse", f"--since={args.since}",
         "--format=%H %ad %s", "--date=short", args.branch, "--", "CMakeLists.txt", "cmake/utils.cmake"],
        capture_output=True, text=True, check=True,
    ).stdout.splitlines()  # fmt: skip
    print(f"{len(log)} upstream commits touched CMakeLists.txt or cmake/utils.cmake since {args.since}")
    for cuda in args.cuda.split(","):
        rule = fleet_rule(cuda)
        kind = KINDS[rule.kind]  # type: ignore[attr-defined]
        verdict, times, failed, blocked = None, [], 0, 0
        print(f"\n== CUDA {cuda}, TORCH_CUDA_ARCH_LIST=12.1a, groups FP4*_ARCHS")
        for line in log:
            sha, date, subject = line.split(" ", 2)
            tree = GitTree(args.git_dir, sha)
            ctx = Context(tree, [], SourceCache(tree))
            started = time.perf_counter()
            found = list(kind.check(rule, ctx))
            times.append(time.perf_counter() - started)
            messages = [f.message.split(": ", 1)[-1] for f in found]
            failed += any("could not" in m or "cannot parse" in m for m in messages)
            blocked += bool(found)
            now = "blocked: " + "; ".join(messages) if found else "compiled for 12.1a"
            if re.sub(r" \(line [0-9]+\)", "", now) != verdict:
                print(f"{date} {sha[:10]} {subject[:70]}\n    -> {now[:220]}")
                verdict = re.sub(r" \(line [0-9]+\)", "", now)
        print(
            f"revisions: {len(log)}, blocked: {blocked}, not evaluable: {failed}, "
            f"median evaluation {statistics.median(times) * 1000:.0f} ms (cmake -P included)"
        )


if __name__ == "__main__":
    main()
