"""How fast is `aeon-release audit` next to `python -m compileall -q -j0` on the same tree?

    python benchmarks/audit_bench.py --git-dir /work/.mirror/neuralmagic+vllm/repo   # the real vllm/ tree
    python benchmarks/audit_bench.py --tree PATH [--since REV]                         # any checkout
    python benchmarks/audit_bench.py --generate                                        # a vLLM-sized synthetic tree

Prints, from one run: the full audit's wall time (findings cache emptied first) and peak memory (the audit process and its workers,
summed), compileall's wall time on the same tree, their ratio, the full audit with a warm findings
cache (the tree audited before), ``audit --rev`` of a revision audited before (a git checkout), and a
`--changed-since` audit's time.  A warm run says how many files the cache answered (all of them, or
the cache is not doing its job).
Each command runs as its own process, end to end (interpreter start included), alternating with the
other so that load from elsewhere on the machine hits both alike; the medians are compared.
compileall writes into a fresh PYTHONPYCACHEPREFIX each time, so it never skips work or dirties the tree.
aeon_release's own bytecode is compiled first, as an install does (with PYTHONDONTWRITEBYTECODE set,
every audit process would otherwise compile the package anew).
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main() -> int:
    args = parse_args()
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "aeon_release")], check=True)
    with tempfile.TemporaryDirectory(prefix="aeon-bench-") as tmp:
        tree, since = prepare(args, Path(tmp))
        files = sum(1 for _ in tree.rglob("*.py"))
        print(f"tree: {tree} ({files} Python files)")
        audit: list[Run] = []
        compileall: list[Run] = []
        for _ in range(args.repeat):
            with tempfile.TemporaryDirectory(prefix="aeon-pyc-") as pyc:
                compileall.append(
                    timed([sys.executable, "-m", "compileall", "-q", "-j0", str(tree)], {"PYTHONPYCACHEPREFIX": pyc})
                )
            drop_cache(tree)  # cold: the findings cache starts empty
            audit.append(timed(audit_command(tree, args.config), {}))
        report(audit, compileall)
        warm = [timed(audit_command(tree, args.config), {}) for _ in range(args.repeat)]
        print(
            f"full audit, warm cache:  {describe(warm)} (target < 0.5 s, interpreter start included); "
            f"{answered(tree, args.config)}"
        )
        if (tree / ".git").exists():
            rev = audit_command(tree, args.config, "--rev", "HEAD")
            first = timed(rev, {})
            again = [timed(rev, {}) for _ in range(args.repeat)]
            print(
                f"audit --rev HEAD:        first {first[0]:.2f} s; audited before: {describe(again)} "
                f"(target < 0.3 s); {answered(tree, args.config, '--rev', 'HEAD')}"
            )
        if since:
            changed = [
                timed(audit_command(tree, args.config, "--changed-since", since), {}) for _ in range(args.repeat)
            ]
            count = sum(
                1 for p in git(tree, "diff", "--no-renames", "--name-only", since).splitlines() if (tree / p).is_file()
            )
            print(f"audit --changed-since {since} ({count} changed files in the tree): {describe(changed)}")
    return 0


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    source = parser.add_mutually_exclusive_group(required=True)
    source.add_argument("--tree", type=Path, help="an existing checkout (a git checkout for --since)")
    source.add_argument("--git-dir", type=Path, help="a (bare) vLLM repository: vllm/ at --rev is checked out")
    source.add_argument("--generate", action="store_true", help="generate a vLLM-sized tree (2,246 files, ~850k lines)")
    parser.add_argument("--rev", default="HEAD", help="revision to check out from --git-dir")
    parser.add_argument(
        "--since", default=None, help="revision for the --changed-since run (default with --git-dir: REV~20)"
    )
    parser.add_argument("--config", type=Path, default=ROOT, help="folder with audits/ and carries.yaml (the fleet's)")
    parser.add_argument("--repeat", type=int, default=3)
    return parser.parse_args()


def prepare(args: argparse.Namespace, tmp: Path) -> tuple[Path, str | None]:
    if args.tree is not None:
        return args.tree.resolve(), args.since
    if args.generate:
        return generate(tmp / "tree"), None
    tree = tmp / "vllm-checkout"
    # A shared clone borrows the objects (nothing is written into the source repository).  The checkout
    # is a commit on top of REV whose tree is REV's vllm/ alone (some large blobs elsewhere may be
    # missing from a mirror): the audit reads every file a revision holds, those a sparse checkout
    # leaves off the disk from git, so a sparse checkout of vllm/ had it compile the whole repository
    # (4,241 .py) against compileall's 2,246 of vllm/.  Now both see the same files.
    subprocess.run(["git", "clone", "--quiet", "--shared", "--no-checkout", str(args.git_dir), str(tree)], check=True)
    vllm = git(tree, "rev-parse", f"{args.rev}:vllm").strip()
    only = subprocess.run(
        ["git", "-C", str(tree), "mktree"],
        input=f"040000 tree {vllm}\tvllm\n",
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    who = ("-c", "user.name=audit_bench", "-c", "user.email=bench@localhost")
    commit = git(tree, *who, "commit-tree", only, "-p", args.rev, "-m", "vllm/ alone").strip()
    git(tree, "checkout", "--quiet", "--detach", commit)
    return tree, args.since or f"{args.rev}~20"


def drop_cache(tree: Path) -> None:
    """The findings cache under the checkout's git directory (see aeon_release/domain/audits/cache.py)."""
    import shutil

    shutil.rmtree(tree / ".git" / "aeon-release" / "cache", ignore_errors=True)


def git(tree: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(tree), *args], check=True, capture_output=True, text=True).stdout


def answered(tree: Path, config: Path, *extra: str) -> str:
    """How many of the files an audit scanned the findings cache answered (run once more, untimed)."""
    import json

    with tempfile.TemporaryDirectory(prefix="aeon-bench-out-") as out:
        command = audit_command(tree, config, *extra)
        command[command.index("--output") + 1] = str(Path(out) / "report.json")
        subprocess.run(command, env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True)
        report = json.loads((Path(out) / "report.json").read_text())
    return f"the cache answered {report['files_cached']} of {report['files_scanned']} files"


def audit_command(tree: Path, config: Path, *extra: str) -> list[str]:
    return [
        sys.executable,
        "-m",
        "aeon_release",
        "audit",
        "--repo",
        str(tree),
        "--config",
        str(config),
        "--format",
        "json",
        "--output",
        os.devnull,
        *extra,
    ]


Run = tuple[float, float, int]  # wall seconds, CPU seconds (user + system, workers included), peak RSS bytes


def timed(command: list[str], env: dict[str, str]) -> Run:
    """Wall and CPU seconds and peak summed RSS of the process and all its descendants."""
    full_env = {**os.environ, "PYTHONPATH": str(ROOT), **env}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    process = subprocess.Popen(command, env=full_env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    sampler = RssSampler(process.pid)
    sampler.start()
    _, err = process.communicate()
    seconds = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    sampler.stop()
    if process.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(command[:4])} failed ({process.returncode}): {err.decode()[-2000:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return seconds, cpu, sampler.peak


class RssSampler(threading.Thread):
    """Samples /proc every 5 ms: the sum of VmRSS over a process tree (Linux)."""

    def __init__(self, pid: int) -> None:
        super().__init__(daemon=True)
        self.pid = pid
        self.peak = 0
        self._done = threading.Event()

    def run(self) -> None:
        while not self._done.is_set():
            self.peak = max(self.peak, tree_rss(self.pid))
            self._done.wait(0.005)

    def stop(self) -> None:
        self._done.set()
        self.join()


def tree_rss(root: int) -> int:
    parents: dict[int, int] = {}
    rss: dict[int, int] = {}
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            with open(f"/proc/{entry.name}/status") as handle:
                fields = dict(line.split(":", 1) for line in handle if ":" in line)
        except OSError:
            continue
        pid = int(entry.name)
        parents[pid] = int(fields.get("PPid", "0"))
        rss[pid] = int(fields.get("VmRSS", "0 kB").split()[0]) * 1024
    total = 0
    for pid in rss:
        walk = pid
        while walk and walk != root:
            walk = parents.get(walk, 0)
        if walk == root:
            total += rss[pid]
    return total


def describe(runs: list[Run]) -> str:
    walls = [r[0] for r in runs]
    return (
        f"median {statistics.median(walls):.2f} s wall, {statistics.median(r[1] for r in runs):.2f} s CPU "
        f"(runs: {', '.join(f'{w:.2f}' for w in walls)})"
    )


def report(audit: list[Run], compileall: list[Run]) -> None:
    a, c = statistics.median(r[0] for r in audit), statistics.median(r[0] for r in compileall)
    print(f"full audit:             {describe(audit)}")
    print(f"peak memory (summed):   {max(r[2] for r in audit) / 2**20:.0f} MB")
    print(f"compileall -q -j0:      {describe(compileall)}")
    pairs = ", ".join(f"{x[0] / y[0]:.2f}" for x, y in zip(audit, compileall))
    print(
        f"ratio audit/compileall: {a / c:.2f}x wall (target <= 0.9x, cold; per pair: {pairs}); "
        f"{statistics.median(r[1] for r in audit) / statistics.median(r[1] for r in compileall):.2f}x CPU"
    )
    print(f"load average now:       {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")


def generate(root: Path, files: int = 2246, lines: int = 850_000) -> Path:
    """Plausible Python modules (classes, functions, arithmetic, comprehensions) and some text files."""
    per_file = lines // files
    for i in range(files):
        path = root / "vllm" / f"pkg{i % 40:02}" / f"mod{i:04}.py"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(module_text(i, per_file))
    for i in range(600):
        (root / "vllm" / f"pkg{i % 40:02}" / f"notes{i:03}.md").write_text("# Notes\n\n" + "text line\n" * 40)
    return root


def module_text(seed: int, lines: int) -> str:
    out = ['"""Generated module."""', "from __future__ import annotations", "", "import math", ""]
    block = 0
    while len(out) < lines:
        block += 1
        out += [
            f"class Layer{seed}_{block}:",
            f"    def __init__(self, size: int = {block}) -> None:",
            "        self.size = size",
            "        self.weights = [math.sqrt(i + 1) for i in range(size)]",
            "",
            "    def forward(self, x: list[float]) -> list[float]:",
            f"        if len(x) > {block}:",
            "            x = [v * w for v, w in zip(x, self.weights)]",
            "        return [v + 1 for v in x if v > 0]",
            "",
        ]
    return "\n".join(out[:lines]) + "\n"


if __name__ == "__main__":
    raise SystemExit(main())
