"""How much does `aeon-release merge` cost over the raw git commands it wraps?

Builds a fork of a vLLM-sized history (by default the real vLLM history, from a bare git
directory such as the one the search tool's fetch of github:neuralmagic/vllm returns): tags for
two releases, a fork branch on the older one with two carry commits, and a ledger with two picks
by PR number and one skip.  Then, alternating, in one run:

  raw:   git worktree add; git merge --no-ff TAG; git cherry-pick -x (each pick);
         git branch; git worktree remove
  tool:  aeon-release merge TAG --no-fetch (plan, carries, picks, audits, report)

and prints the median wall times and their ratio.  Nothing of vLLM is written outside a temporary
folder.  Usage:

  python benchmarks/merge_bench.py [--git-dir DIR] [--old SHA] [--new SHA] [--runs N]
"""
from __future__ import annotations

import argparse
import json
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

DEFAULT_GIT_DIR = Path("/work/.mirror/neuralmagic+vllm/repo")
# The v0.25.0 branch point is 6db31c8e7 (README.md, "The fleet, in brief").  v0.24.0 (ee0da84ab9) sits on a release
# branch, so its merge with main conflicts in backports; 6c427dd401, their merge base on main,
# stands in for the older release so that the merge is clean, as the fork's real merges are.
DEFAULT_OLD, DEFAULT_NEW = "6c427dd401", "6db31c8e7"
ENV = {"GIT_AUTHOR_NAME": "bench", "GIT_AUTHOR_EMAIL": "b@x", "GIT_COMMITTER_NAME": "bench",
       "GIT_COMMITTER_EMAIL": "b@x", "GIT_CONFIG_NOSYSTEM": "1", "HOME": "/tmp", "PATH": "/usr/bin:/bin:/usr/local/bin"}


def git(repo: Path, *args: str, check: bool = True) -> str:
    done = subprocess.run(["git", "-C", str(repo), *args], capture_output=True, text=True, env=ENV)
    if check and done.returncode != 0:
        raise SystemExit(f"git {' '.join(args)} failed: {done.stderr.strip()}")
    return done.stdout.strip()


def replace_missing_blobs(repo: Path, rev: str) -> None:
    """The fetched snapshot lacks blobs of 4 MiB or more: stand in small blobs so checkouts work."""
    for _ in range(10):
        probe = subprocess.run(["git", "-C", str(repo), "archive", rev, "--output=/dev/null"],
                               capture_output=True, text=True, env=ENV)
        missing = re.findall(r"([0-9a-f]{40})", probe.stderr)
        missing += re.findall(r"\(([0-9a-f]{40})\)", probe.stderr)
        if probe.returncode == 0:
            return
        if not missing:
            raise SystemExit(f"cannot read {rev}: {probe.stderr.strip()}")
        for sha in set(missing):
            blob = subprocess.run(["git", "-C", str(repo), "hash-object", "-w", "--stdin"], input=f"missing {sha}\n",
                                  capture_output=True, text=True, env=ENV, check=True).stdout.strip()
            git(repo, "update-ref", f"refs/replace/{sha}", blob)


def setup(root: Path, git_dir: Path, old: str, new: str) -> tuple[Path, Path, list[str]]:
    fork = root / "fork"
    subprocess.run(["git", "clone", "-q", "--shared", "--no-checkout", str(git_dir), str(fork)], check=True, env=ENV)
    git(fork, "remote", "rename", "origin", "upstream")
    for rev in (old, new):
        replace_missing_blobs(fork, rev)
    git(fork, "tag", "v0.24.0", old)
    git(fork, "tag", "v0.25.0", new)
    git(fork, "worktree", "add", "-q", "-b", "aeon-v0.24.0", str(root / "seed"), "v0.24.0")
    seed = root / "seed"
    carries = []
    for name, rel, marker in (("uma-clamp", "vllm/v1/worker/gpu_model_runner.py", "uma-negative-cudagraph-estimate-clamp"),
                              ("fork-readme", "README.md", "aeon-fork-readme")):
        with (seed / rel).open("a") as fh:
            fh.write(f"\n# {marker}\n")
        git(seed, "commit", "-qam", f"Carry {name}")
        carries.append((name, git(seed, "rev-parse", "HEAD"), rel, marker))
    git(fork, "worktree", "remove", "--force", str(seed))
    picks = pickable_prs(fork, new)
    config = root / "config"
    config.mkdir()
    lines = ["carries:"]
    for name, sha, rel, marker in carries:
        lines += [f"  - id: {name}", f"    title: {name}", "    status: active", f"    commits: [{sha}]",
                  f"    markers: [{{path: {rel}, text: {marker}}}]"]
    (config / "carries.yaml").write_text("\n".join(lines) + "\n")
    picks_yaml = ["releases:", "  v0.25.0:", "    pick:"] + [f"      - {{pr: {pr}, reason: bench}}" for pr, _ in picks[:2]]
    picks_yaml += ["    skip:", f"      - {{pr: {picks[2][0]}, reason: bench skip}}"]
    (config / "cherry_picks.yaml").write_text("\n".join(picks_yaml) + "\n")
    (config / "audits").mkdir()
    return fork, config, [sha for _, sha in picks[:2]]


def pickable_prs(fork: Path, new: str) -> list[tuple[int, str]]:
    """PR commits just after the new tag on the main line that touch only docs: they pick cleanly."""
    out = git(fork, "log", "--first-parent", "--reverse", "--format=%H %s", f"{new}..upstream/main", "-n", "400")
    found = []
    for line in out.splitlines():
        sha, _, subject = line.partition(" ")
        match = re.search(r"\(#(\d+)\)$", subject)
        files = git(fork, "diff-tree", "--no-commit-id", "--name-only", "-r", sha).splitlines()
        if match and files and all(f.startswith("docs/") for f in files):
            found.append((int(match[1]), sha))
        if len(found) == 3:
            return found
    raise SystemExit("could not find three docs-only PR commits after the tag")


def reset(fork: Path) -> None:
    git(fork, "branch", "-D", "aeon-v0.25.0", check=False)
    shutil.rmtree(fork / ".git" / "aeon-release", ignore_errors=True)
    shutil.rmtree(fork.parent / "raw-wt", ignore_errors=True)
    git(fork, "worktree", "prune")


def raw(fork: Path, picks: list[str]) -> float:
    wt = fork.parent / "raw-wt"
    start = time.perf_counter()
    git(fork, "worktree", "add", "-q", "--detach", str(wt), "aeon-v0.24.0")
    git(wt, "merge", "-q", "--no-ff", "--no-edit", "v0.25.0")
    for sha in picks:
        git(wt, "cherry-pick", "-x", sha)
    git(fork, "branch", "aeon-v0.25.0", git(wt, "rev-parse", "HEAD"))
    git(fork, "worktree", "remove", "--force", str(wt))
    return time.perf_counter() - start


def tool(fork: Path, config: Path) -> tuple[float, float]:
    """Wall time of the whole command, and the part of it its audit step took."""
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "aeon_release", "merge", "v0.25.0", "--repo", str(fork),
                           "--config", str(config), "--no-fetch", "--json"], capture_output=True, text=True,
                          env=ENV | {"PYTHONPATH": str(Path(__file__).resolve().parent.parent)})
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"aeon-release merge failed ({done.returncode}):\n{done.stderr[-3000:]}")
    return elapsed, float(json.loads(done.stdout)["timings"].get("audit", 0.0))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--git-dir", type=Path, default=DEFAULT_GIT_DIR)
    parser.add_argument("--old", default=DEFAULT_OLD)
    parser.add_argument("--new", default=DEFAULT_NEW)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    if not args.git_dir.exists():
        raise SystemExit(f"{args.git_dir} does not exist: fetch github:neuralmagic/vllm with the search tool, or pass --git-dir")
    with tempfile.TemporaryDirectory(prefix="aeon-merge-bench-") as tmp:
        fork, config, picks = setup(Path(tmp), args.git_dir, args.old, args.new)
        commits = git(fork, "rev-list", "--count", "aeon-v0.24.0..v0.25.0")
        print(f"history: {commits} upstream commits merged, 2 carries, {len(picks)} picks, 1 skip")
        raw_times, tool_times, audit_times = [], [], []
        reset(fork)
        raw(fork, picks)  # warm the object cache once, so neither side pays for cold reads
        for _ in range(args.runs):
            reset(fork)
            raw_times.append(raw(fork, picks))
            reset(fork)
            wall, audit = tool(fork, config)
            tool_times.append(wall)
            audit_times.append(audit)
        r, t, a = statistics.median(raw_times), statistics.median(tool_times), statistics.median(audit_times)
        print(f"raw git:             {r:6.2f} s  (runs: {', '.join(f'{x:.2f}' for x in raw_times)})")
        print(f"aeon-release merge:  {t:6.2f} s  (runs: {', '.join(f'{x:.2f}' for x in tool_times)})")
        print(f"  of which audit:    {a:6.2f} s  (merge-aware enum drift and near misses, markers)")
        print(f"ratio tool/raw:      {t / r:6.2f}x  everything, audits included")
        print(f"ratio without audit: {(t - a) / r:6.2f}x  (target <= 1.5x: the merge machinery's overhead over raw git)")


if __name__ == "__main__":
    main()
