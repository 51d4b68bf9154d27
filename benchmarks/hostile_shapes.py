"""Wall time of the merge-aware audit over fork files of hostile shapes (README, Hostile input: class
hierarchies and long lines).

Each shape is one fork file added beside an upstream commit that flips ``Base.flag``; the audit
(``audit --base/--ours/--theirs --format json``) runs once in a child process, cut at ``--timeout``.

  python benchmarks/hostile_shapes.py [--timeout 120] [SHAPE ...]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BASE = "class Base:\n    flag = False\n"


def lattice(width: int, depth: int) -> str:
    out = ["from pkg.base import Base\n"] + [f"class L0_{j}(Base):\n    pass\n" for j in range(width)]
    for k in range(1, depth):
        bases = ", ".join(f"L{k - 1}_{i}" for i in range(width))
        out += [f"class L{k}_{j}({bases}):\n    pass\n" for j in range(width)]
    return "\n".join(out)


def chain(length: int) -> str:
    return "from pkg.base import Base\n\nclass C0(Base): pass\n" + "".join(
        f"class C{k}(C{k - 1}): pass\n" for k in range(1, length)
    )


def literal(unit: str, times: int) -> str:
    return f"x = {unit * times!r}\n"


SHAPES: dict[str, Callable[[], str]] = {
    "lattice 12x12": lambda: lattice(12, 12),
    "lattice 20x20": lambda: lattice(20, 20),
    "chain 10,000": lambda: chain(10_000),
    "chain 36,000": lambda: chain(36_000),
    "setattr( x 40,000": lambda: literal("setattr(", 40_000),
    ":attr( x 50,000": lambda: literal(":attr(", 50_000),
    "getattr(aconfig x 20,000": lambda: literal("getattr(aconfig", 20_000),
}


def git(repo: Path, *args: str) -> str:
    done = subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True, text=True)
    return done.stdout.strip()


def commit(repo: Path, files: dict[str, str], message: str) -> str:
    for name, text in files.items():
        (repo / name).parent.mkdir(parents=True, exist_ok=True)
        (repo / name).write_text(text)
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", message)
    return git(repo, "rev-parse", "HEAD")


def run(shape: str, folder: Path, timeout: float) -> str:
    repo = folder / "repo"
    repo.mkdir(parents=True)
    git(repo, "init", "-q")
    base = commit(repo, {"pkg/__init__.py": "", "pkg/base.py": BASE, "pkg/fork.py": "X = 1\n"}, "base")
    theirs = commit(repo, {"pkg/base.py": BASE.replace("False", "True")}, "Flip (#7)")
    git(repo, "checkout", "-q", "--detach", base)
    ours = commit(repo, {"pkg/fork.py": SHAPES[shape]()}, "fork")
    git(repo, "merge", "-q", "--no-edit", theirs)
    (folder / "config" / "audits").mkdir(parents=True)
    argv = [sys.executable, "-m", "aeon_release", "audit", "--repo", str(repo), "--config", str(folder / "config")]
    argv += ["--base", base, "--ours", ours, "--theirs", theirs, "--format", "json"]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    started = time.monotonic()
    try:
        done = subprocess.run(argv, capture_output=True, env=env, timeout=timeout)
    except subprocess.TimeoutExpired:
        return f"over {timeout:.0f} s"
    return f"{time.monotonic() - started:.1f} s, exit {done.returncode}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--timeout", type=float, default=120.0)
    parser.add_argument("shapes", nargs="*", metavar="SHAPE", help=f"of: {', '.join(SHAPES)} (default: all)")
    args = parser.parse_args()
    env = {"GIT_AUTHOR_NAME": "b", "GIT_AUTHOR_EMAIL": "b@x", "GIT_COMMITTER_NAME": "b", "GIT_COMMITTER_EMAIL": "b@x"}
    os.environ.update(env)
    for shape in args.shapes or SHAPES:
        with tempfile.TemporaryDirectory(prefix="hostile-shape-") as folder:
            print(f"{shape:28} {run(shape, Path(folder), args.timeout)}", flush=True)


if __name__ == "__main__":
    main()
