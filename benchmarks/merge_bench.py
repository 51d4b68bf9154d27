"""How long does `aeon-release merge` take next to the git commands a maintainer would type?

Builds a fork of real vLLM history (by default the bare repository the search tool's fetch of
github:neuralmagic/vllm gives): for each range size (about 80, 500 and 2,000 upstream commits on the
main line, ending at the same release), tags for the two releases, a fork branch on the older one with
two carry commits, a ledger with two picks by PR number and one skip, and the fleet's real rules (the
repository's top-level audits/).  The fork is a full checkout of the fork branch: the checkout a
maintainer already has.  Then, alternating, in one run:

  raw:   git switch -c NEW OLD && git merge --no-ff TAG && git cherry-pick -x PICK...  (in that checkout)
  tool:  aeon-release merge TAG --no-fetch (plan, merge, carries, picks, merge-aware audit, report),
         once with no findings cache at all, once after `audit --rev` of the fork branch (untimed: the
         merge assumes the fork branch was audited, by the gate or the last release)

and prints the median wall times and their ratio (target <= 1.0x: a clean merge needs no checkout),
and the wall time of `merge --dry-run` (the interpreter, the imports, the config's checks and the plan:
the floor before any merge, carry, pick or audit work) as a ratio of the same git time; and the CPU
time of each side (every process, git's included), which divided by the cores is the least wall time
the tool's work can take on this machine, however well it runs in parallel.
Rules that already fail on the fork branch or the tag (a file they name is not in this older tree)
are waived, so that the run completes; they still run.

Then, on the largest range: the wall time of a second audit after `merge --continue` (the run stops on
a planted finding, the person waives it), and of `audit --rev` on a revision audited before (target
< 0.3 s each: the findings cache answers for every blob seen).  Nothing of vLLM is written outside a
temporary folder.  Usage:

  python benchmarks/merge_bench.py [--git-dir DIR] [--new SHA] [--ranges 80,500,2000] [--runs N]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_GIT_DIR = Path("/work/.mirror/neuralmagic+vllm/repo")
# 6db31c8e7 is the v0.25.0 branch point on main; the older "release" is N commits before it on the
# main line, so that the merge is clean, as the fork's real merges are.
DEFAULT_NEW = "6db31c8e7"
ENV = {
    "GIT_AUTHOR_NAME": "bench",
    "GIT_AUTHOR_EMAIL": "b@x",
    "GIT_COMMITTER_NAME": "bench",
    "GIT_COMMITTER_EMAIL": "b@x",
    "GIT_CONFIG_NOSYSTEM": "1",
    "HOME": "/tmp",
    "PATH": "/usr/bin:/bin:/usr/local/bin",
}
STOP_RULE = """rules:
  - id: bench/stop
    kind: pattern
    message: a planted finding that stops the merge for a person
    paths: [README.md]
    regex: aeon-bench-never-there
    expect: present
"""


def git(repo: Path, *args: str, check: bool = True) -> str:
    done = subprocess.run(["git", "-C", str(repo), *args], capture_output=True, text=True, env=ENV)
    if check and done.returncode != 0:
        raise SystemExit(f"git {' '.join(args)} failed: {done.stderr.strip()}")
    return done.stdout.strip()


def replace_missing_blobs(repo: Path, rev: str) -> None:
    """The fetched snapshot lacks blobs of 4 MiB or more: stand in small blobs so checkouts work."""
    for _ in range(10):
        probe = subprocess.run(
            ["git", "-C", str(repo), "archive", rev, "--output=/dev/null"], capture_output=True, text=True, env=ENV
        )
        missing = re.findall(r"([0-9a-f]{40})", probe.stderr)
        missing += re.findall(r"\(([0-9a-f]{40})\)", probe.stderr)
        if probe.returncode == 0:
            return
        if not missing:
            raise SystemExit(f"cannot read {rev}: {probe.stderr.strip()}")
        for sha in set(missing):
            blob = subprocess.run(
                ["git", "-C", str(repo), "hash-object", "-w", "--stdin"],
                input=f"missing {sha}\n",
                capture_output=True,
                text=True,
                env=ENV,
                check=True,
            ).stdout.strip()
            git(repo, "update-ref", f"refs/replace/{sha}", blob)


def missing_blobs(repo: Path, rev: str) -> set[str]:
    listing = git(repo, "ls-tree", "-r", rev)
    oids = "\n".join(line.split()[2] for line in listing.splitlines())
    done = subprocess.run(
        ["git", "-C", str(repo), "--no-replace-objects", "cat-file", "--batch-check"],
        input=oids + "\n",
        capture_output=True,
        text=True,
        env=ENV,
    )
    return {line.split()[0] for line in done.stdout.splitlines() if line.endswith(" missing")}


def setup(root: Path, git_dir: Path, old: str, new: str) -> tuple[Path, Path, list[str]]:
    fork = root / "fork"
    subprocess.run(["git", "clone", "-q", "--shared", "--no-checkout", str(git_dir), str(fork)], check=True, env=ENV)
    git(fork, "remote", "rename", "origin", "upstream")
    for rev in (old, new):
        replace_missing_blobs(fork, rev)
    git(fork, "tag", "v0.24.0", old)
    git(fork, "tag", "v0.25.0", new)
    git(fork, "switch", "-q", "-c", "aeon-v0.24.0", "v0.24.0")  # the maintainer's checkout of the fork
    # reset --hard primes the index's cache-tree: commits then never re-verify the subtrees that hold
    # the stand-in blobs (git would call their real ids "invalid objects")
    git(fork, "reset", "-q", "--hard")
    # The fork does not ship the docs assets the snapshot lacks (git would call their ids "invalid
    # objects" whenever a merge rewrites their folder): upstream leaves them alone in these ranges.
    missing = missing_blobs(fork, "v0.24.0")
    stand_ins = [
        line.split("\t", 1)[1]
        for line in git(fork, "ls-tree", "-r", "v0.24.0").splitlines()
        if line.split()[2] in missing
    ]
    if stand_ins:
        git(fork, "rm", "-q", "--cached", *stand_ins)
        git(fork, "commit", "-qm", "Drop docs assets the fork does not ship")
        for path in stand_ins:
            (fork / path).unlink()
    carries = []
    for name, rel, marker in (
        ("uma-clamp", "vllm/v1/worker/gpu_model_runner.py", "uma-negative-cudagraph-estimate-clamp"),
        ("fork-readme", "README.md", "aeon-fork-readme"),
    ):
        with (fork / rel).open("a") as fh:
            fh.write(f"\n# {marker}\n")
        git(fork, "commit", "-qam", f"Carry {name}")
        carries.append((name, git(fork, "rev-parse", "HEAD"), rel, marker))
    picks = pickable_prs(fork, new)
    config = root / "config"
    config.mkdir()
    lines = ["carries:"]
    for name, sha, rel, marker in carries:
        lines += [
            f"  - id: {name}",
            f"    title: {name}",
            "    status: active",
            f"    commits: [{sha}]",
            f"    markers: [{{path: {rel}, text: {marker}}}]",
        ]
    (config / "carries.yaml").write_text("\n".join(lines) + "\n")
    picks_yaml = ["releases:", "  v0.25.0:", "    pick:"] + [
        f"      - {{pr: {pr}, reason: bench}}" for pr, _ in picks[:2]
    ]
    picks_yaml += ["    skip:", f"      - {{pr: {picks[2][0]}, reason: bench skip}}"]
    (config / "cherry_picks.yaml").write_text("\n".join(picks_yaml) + "\n")
    shutil.copytree(ROOT / "audits", config / "audits")  # the fleet's real rules
    shutil.copy(ROOT / "fleet.yaml", config / "fleet.yaml")  # and its profile (branch prefix, PR subjects)
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
    git(fork, "switch", "-q", "--force", "aeon-v0.24.0")
    git(fork, "reset", "-q", "--hard")
    git(fork, "branch", "-D", "aeon-v0.25.0", check=False)
    shutil.rmtree(fork / ".git" / "aeon-release", ignore_errors=True)


def children_cpu() -> float:
    """CPU seconds (user + system) of every process this one has waited for, and of theirs."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def raw(fork: Path, picks: list[str]) -> float:
    """What a maintainer types in the checkout they already have."""
    start = time.perf_counter()
    git(fork, "switch", "-q", "-c", "aeon-v0.25.0", "aeon-v0.24.0")
    git(fork, "merge", "-q", "--no-ff", "--no-edit", "v0.25.0")
    for sha in picks:
        git(fork, "cherry-pick", "-x", sha)
    return time.perf_counter() - start


def aeon(fork: Path, *args: str, ok: tuple[int, ...] = (0,)) -> tuple[float, dict[str, object]]:
    """Wall time of one aeon-release command (interpreter start included) and its --json report."""
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "aeon_release", *args],
        capture_output=True,
        text=True,
        env=ENV | {"PYTHONPATH": str(ROOT)},
        cwd=fork,
    )
    elapsed = time.perf_counter() - start
    if done.returncode not in ok:
        raise SystemExit(f"aeon-release {' '.join(args[:2])} failed ({done.returncode}):\n{done.stderr[-3000:]}")
    try:
        data = json.loads(done.stdout) if done.stdout.strip() else {}
    except ValueError:
        data = {}
    return elapsed, data if isinstance(data, dict) else {}


def failing_rules(fork: Path, config: Path) -> list[str]:
    """Rules with error findings on the fork branch or the tag: this older tree lacks what they guard."""
    ids: set[str] = set()
    for rev in ("aeon-v0.24.0", "v0.25.0"):
        _, report = aeon(
            fork, "audit", "--rev", rev, "--repo", str(fork), "--config", str(config), "--format", "json", ok=(0, 1)
        )
        ids |= {
            str(f["rule"]) for f in report.get("findings", []) if isinstance(f, dict) and f.get("severity") == "error"
        }
    return sorted(ids)


def merge_args(config: Path, fork: Path, waive: list[str], *extra: str) -> list[str]:
    """`aeon-release merge v0.25.0` on the bench fork, without a fetch, the failing rules waived."""
    waivers = (x for rule in waive for x in ("--waive", f"{rule}=bench"))
    return ["merge", "v0.25.0", "--repo", str(fork), "--config", str(config), "--no-fetch", *extra, *waivers]


def tool(fork: Path, config: Path, waive: list[str]) -> tuple[float, float]:
    """Wall time of the whole command, and the part of it its audit step took."""
    wall, report = aeon(fork, *merge_args(config, fork, waive, "--json"))
    timings = report.get("timings", {})
    return wall, float(timings.get("audit", 0.0)) if isinstance(timings, dict) else 0.0


def plan_only(fork: Path, config: Path, waive: list[str]) -> float:
    """Wall time of `merge --dry-run`: the interpreter, the imports, the config's checks and the plan."""
    reset(fork)
    return aeon(fork, *merge_args(config, fork, waive, "--dry-run", "--json"))[0]


def measure_range(root: Path, args: argparse.Namespace, size: int) -> dict[str, float]:
    old = git_rev(args.git_dir, f"{args.new}~{size}")
    fork, config, picks = setup(root, args.git_dir, old, args.new)
    commits = git(fork, "rev-list", "--count", "aeon-v0.24.0..v0.25.0")
    files = git(fork, "diff", "--name-only", "aeon-v0.24.0", "v0.25.0").count("\n") + 1
    waive = failing_rules(fork, config)
    print(
        f"\n== {commits} upstream commits ({files} files changed), 2 carries, {len(picks)} picks, 1 skip; "
        f"fleet rules ({len(waive)} waived: they fail on this older tree already)"
    )
    raw_times, tool_times, audit_times, warm_times, warm_audits = [], [], [], [], []
    raw_cpu, tool_cpu = [], []
    reset(fork)
    raw(fork, picks)  # warm the object cache once, so neither side pays for cold reads
    for _ in range(args.runs):
        reset(fork)
        cpu = children_cpu()
        raw_times.append(raw(fork, picks))
        raw_cpu.append(children_cpu() - cpu)
        reset(fork)  # no findings cache at all: nothing was audited before
        cpu = children_cpu()
        wall, audit = tool(fork, config, waive)
        tool_cpu.append(children_cpu() - cpu)
        tool_times.append(wall)
        audit_times.append(audit)
        reset(fork)  # the fork branch audited before (by the gate or the last release), as merge assumes
        aeon(fork, "audit", "--rev", "aeon-v0.24.0", "--repo", str(fork), "--config", str(config), ok=(0, 1))
        wall, audit = tool(fork, config, waive)
        warm_times.append(wall)
        warm_audits.append(audit)
    plan_times = [plan_only(fork, config, waive) for _ in range(args.runs)]
    r, t, a = statistics.median(raw_times), statistics.median(tool_times), statistics.median(audit_times)
    w, wa = statistics.median(warm_times), statistics.median(warm_audits)
    print(f"raw git (switch -c, merge, picks): {r:6.2f} s  (runs: {', '.join(f'{x:.2f}' for x in raw_times)})")
    print(f"aeon-release merge, no cache:      {t:6.2f} s  (runs: {', '.join(f'{x:.2f}' for x in tool_times)})")
    print(f"  of which audit:                  {a:6.2f} s  (delta audit, fleet rules, merge-aware)")
    print(f"aeon-release merge, fork audited:  {w:6.2f} s  (runs: {', '.join(f'{x:.2f}' for x in warm_times)})")
    print(f"  of which audit:                  {wa:6.2f} s  (the fork branch's blobs answered by the cache)")
    print(f"ratio tool/raw:                    {t / r:6.2f}x no cache, {w / r:.2f}x fork audited  (target <= 1.0x)")
    rc, tc, cores = statistics.median(raw_cpu), statistics.median(tool_cpu), os.cpu_count() or 1
    print(
        f"CPU (user + system, every process): git {rc:.2f} s, aeon-release {tc:.2f} s; on {cores} core(s) the "
        f"tool cannot take less than {tc / cores:.2f} s wall ({tc / cores / r:.2f}x raw git), however its work is spread"
    )
    p = statistics.median(plan_times)
    print(
        f"merge --dry-run (plan only):       {p:6.2f} s  ({p / r:.2f}x raw git; runs: "
        f"{', '.join(f'{x:.2f}' for x in plan_times)}): the floor before any merge, carry, pick or audit work"
    )
    result = {"commits": float(commits), "raw": r, "tool": t, "audit": a, "warm": w, "warm_audit": wa, "plan": p}
    result |= {"raw_cpu": rc, "tool_cpu": tc}
    if args.reaudit:
        result |= reaudits(fork, config, waive)
    return result


def _audit_time(report: object) -> float:
    timings = report.get("timings", {}) if isinstance(report, dict) else {}
    return float(timings.get("audit", 0.0)) if isinstance(timings, dict) else 0.0


def reaudits(fork: Path, config: Path, waive: list[str]) -> dict[str, float]:
    """A stop, then `merge --continue`'s second audit; and `audit --rev` of an audited revision."""
    reset(fork)
    stop = config.parent / "config-stop"
    shutil.rmtree(stop, ignore_errors=True)
    shutil.copytree(config, stop)
    (stop / "audits" / "zz_bench_stop.yaml").write_text(STOP_RULE)
    waivers = [x for rule in waive for x in ("--waive", f"{rule}=bench")]
    _, stopped = aeon(
        fork, "merge", "v0.25.0", "--repo", str(fork), "--config", str(stop), "--no-fetch", "--json", *waivers, ok=(1,)
    )
    wall, report = aeon(fork, "merge", "--continue", "--repo", str(fork), "--json", "--waive", "bench/stop=bench")
    # a step's timing adds up over the runs that worked on it (the stopped run's audit, then the second's)
    second = _audit_time(report) - _audit_time(stopped)
    print(f"merge --continue after a stop:     {wall:6.2f} s wall, of which its audit {second:.2f} s (target < 0.3 s)")
    args = ("audit", "--rev", "aeon-v0.25.0", "--repo", str(fork), "--config", str(config), "--format", "json")
    first, _ = aeon(fork, *args, ok=(0, 1))
    walls = [aeon(fork, *args, ok=(0, 1))[0] for _ in range(3)]
    again = statistics.median(walls)
    print(f"audit --rev, first time:           {first:6.2f} s")
    print(
        f"audit --rev, audited before:       {again:6.2f} s  (runs: {', '.join(f'{x:.2f}' for x in walls)}; "
        "target < 0.3 s, interpreter start included)"
    )
    return {"continue_wall": wall, "continue_audit": second, "rev_first": first, "rev_again": again}


def git_rev(repo: Path, rev: str) -> str:
    out = subprocess.run(
        ["git", "--git-dir", str(repo), "rev-parse", "--verify", f"{rev}^{{commit}}"],
        capture_output=True,
        text=True,
        env=ENV,
    )
    if out.returncode != 0:
        raise SystemExit(f"{rev} does not resolve in {repo}")
    return out.stdout.strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--git-dir", type=Path, default=DEFAULT_GIT_DIR)
    parser.add_argument("--new", default=DEFAULT_NEW)
    parser.add_argument("--ranges", default="80,500,2000", help="upstream commits per merge, comma-separated")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--no-reaudit", dest="reaudit", action="store_false", help="skip the re-audit timings")
    args = parser.parse_args()
    if not args.git_dir.exists():
        raise SystemExit(
            f"{args.git_dir} does not exist: fetch github:neuralmagic/vllm with the search tool, or pass --git-dir"
        )
    sizes = [int(x) for x in args.ranges.split(",") if x.strip()]
    results = []
    for i, size in enumerate(sizes):
        with tempfile.TemporaryDirectory(prefix="aeon-merge-bench-") as tmp:
            args_i = argparse.Namespace(**vars(args) | {"reaudit": args.reaudit and i == len(sizes) - 1})
            results.append(measure_range(Path(tmp), args_i, size))
    print(
        "\nsummary: "
        + "; ".join(
            f"{int(r['commits'])} commits {r['tool'] / r['raw']:.2f}x ({r['warm'] / r['raw']:.2f}x fork audited)"
            for r in results
        )
        + f"  (load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)"
    )


if __name__ == "__main__":
    main()
