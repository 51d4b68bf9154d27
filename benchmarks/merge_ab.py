"""Two versions of aeon-release merging the same fork, taken in turn with git's own merge (same-conditions A/B).

On a machine shared with other work the wall time of one merge moves by a factor of 2-5 from minute to
minute, so two merge_bench.py runs (one per version) taken minutes apart compare the load, not the code.
This builds one fork as merge_bench.py does (real vLLM history, ~SIZE upstream commits, two carries, two
picks, one skip, the fleet's real rules, those failing on the older tree waived) and then, run by run, times
git's merge in the checkout (the reference) and `aeon-release merge` of each given source tree, in
alternating order; it prints each one's median wall time, its CPU time (every process), and its ratio to
git's median measured in the same run.  Usage:

  python benchmarks/merge_ab.py --size 80 --runs 6 OLD_TREE NEW_TREE   (folders holding aeon_release/)
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import merge_bench as mb


def one_merge(fork: Path, tree: Path, args: list[str]) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "aeon_release", *args, "--json"],
        env=mb.ENV | {"PYTHONPATH": str(tree)},
        cwd=fork,
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        raise SystemExit(f"{tree}: merge failed ({done.returncode}):\n{done.stderr[-2000:]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("trees", nargs="+", type=Path, help="source trees (each holds aeon_release/)")
    parser.add_argument("--git-dir", type=Path, default=mb.DEFAULT_GIT_DIR)
    parser.add_argument("--new", default=mb.DEFAULT_NEW)
    parser.add_argument("--size", type=int, default=80, help="upstream commits in the merge")
    parser.add_argument("--runs", type=int, default=6)
    opts = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="aeon-merge-ab-") as tmp:
        old = mb.git_rev(opts.git_dir, f"{opts.new}~{opts.size}")
        fork, config, picks = mb.setup(Path(tmp), opts.git_dir, old, opts.new)
        args = mb.merge_args(config, fork, mb.failing_rules(fork, config))
        names = ["git", *(str(t) for t in opts.trees)]
        walls: dict[str, list[float]] = {name: [] for name in names}
        cpus: dict[str, list[float]] = {name: [] for name in names}
        mb.reset(fork)
        mb.raw(fork, picks)  # the object cache warm for both sides
        for i in range(opts.runs):
            for name in ["git", *(names[1:] if i % 2 == 0 else names[:0:-1])]:
                mb.reset(fork)
                cpu, start = mb.children_cpu(), time.perf_counter()
                if name == "git":
                    mb.raw(fork, picks)
                else:
                    one_merge(fork, Path(name), args)
                walls[name].append(time.perf_counter() - start)
                cpus[name].append(mb.children_cpu() - cpu)
        reference = statistics.median(walls["git"])
        for name in names:
            wall = statistics.median(walls[name])
            runs = ", ".join(f"{x:.2f}" for x in walls[name])
            print(
                f"{opts.size} commits  {name}: {wall:.3f} s (runs {runs}), CPU {statistics.median(cpus[name]):.3f} s, "
                f"{wall / reference:.2f}x git"
            )
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
