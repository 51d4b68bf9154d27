"""Wall time of the merge-aware audit over fork files of hostile shapes (README, Hostile input: class
hierarchies and long lines).

Each shape is one fork file added beside an upstream commit that flips ``Base.flag``; the audit
(``audit --base/--ours/--theirs --format json``) runs once in a child process, cut at ``--timeout``.

  python benchmarks/hostile_shapes.py [--timeout 120] [SHAPE ...]

``--orders GIT_DIR`` instead orders every class of the ``vllm/`` tree at HEAD of that repository (a bare
one will do) and prints how many there are, the longest order and how much of the budget past which an
order is cut (pyindex.BUDGET) the tree spent: that no real class comes near the bounds.

  PYTHONPATH=. python benchmarks/hostile_shapes.py --orders /work/.mirror/neuralmagic+vllm/repo
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


class _Blobs:
    """A revision's files by path, read with one ``git cat-file --batch``."""

    def __init__(self, git_dir: Path, rev: str) -> None:
        argv = ["git", "--git-dir", str(git_dir), "cat-file", "--batch"]
        self._proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self._rev = rev

    def text(self, path: str) -> str | None:
        assert self._proc.stdin is not None and self._proc.stdout is not None
        self._proc.stdin.write(f"{self._rev}:{path}\n".encode())
        self._proc.stdin.flush()
        head = self._proc.stdout.readline().split()
        if head[-1] == b"missing":
            return None
        data = self._proc.stdout.read(int(head[2]) + 1)[:-1]
        return data.decode("utf-8", "replace") if head[1] == b"blob" else None


def orders(git_dir: Path) -> None:
    from aeon_release.domain.audits.drift import pyindex as px

    def listed(*args: str) -> str:
        return subprocess.run(
            ["git", "--git-dir", str(git_dir), *args], check=True, capture_output=True, text=True
        ).stdout

    rev = listed("rev-parse", "HEAD").strip()
    ix = px.Index(_Blobs(git_dir, rev))
    classes, longest = 0, (0, "")
    for path in listed("ls-tree", "-r", "--name-only", rev, "vllm/").split("\n"):
        mod = ix.module_at(path) if path.endswith(".py") else None
        for qualname in mod.classes if mod is not None else ():
            cls = ix.class_info(mod, qualname) if mod is not None else None
            if cls is not None:
                classes += 1
                longest = max(
                    longest, (len(ix.mro(cls)), f"{path}:{qualname}"), (len(ix.linearized(cls)), f"{path}:{qualname}")
                )
    cut = sum(map(len, ix.cut.values()))
    print(
        f"{rev[:10]}: {classes} classes, longest order {longest[0]} ({longest[1]}), {ix._spent} of the {px.BUDGET} budget spent, {cut} cut"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--timeout", type=float, default=120.0)
    parser.add_argument("--orders", type=Path, metavar="GIT_DIR")
    parser.add_argument("shapes", nargs="*", metavar="SHAPE", help=f"of: {', '.join(SHAPES)} (default: all)")
    args = parser.parse_args()
    if args.orders is not None:
        orders(args.orders)
        return
    env = {"GIT_AUTHOR_NAME": "b", "GIT_AUTHOR_EMAIL": "b@x", "GIT_COMMITTER_NAME": "b", "GIT_COMMITTER_EMAIL": "b@x"}
    os.environ.update(env)
    for shape in args.shapes or SHAPES:
        with tempfile.TemporaryDirectory(prefix="hostile-shape-") as folder:
            print(f"{shape:28} {run(shape, Path(folder), args.timeout)}", flush=True)


if __name__ == "__main__":
    main()
