"""Name and return drift on real history: the fork copies upstream's own string reads and unpacks.

For N windows base..theirs of vLLM's first-parent history (the windows of precision_bench.py), the
fork side is the base plus one module holding copies of upstream's own code at the base: every
``getattr``/``hasattr``/``.get("...")``/``os.environ``/``envs.X``/``== "..."`` read by string and every one-line
``a, b = f(...)`` unpack of the package (a sample), each wrapped in a function.  After the merge, a
copy is fork-owned code shaped exactly like upstream's.

Each name- or return-drift finding is then judged by what upstream did to its own original line:

- upstream removed or changed the original in the window: the copy broke the way upstream's own code
  did (upstream had to fix it): a *caught* drift;
- upstream kept the original verbatim: upstream still reads it that way, so the finding is *false*.

Goal: 0 false errors; the caught ones show the class is real and frequent.

  python benchmarks/copied_reads.py [--windows 20] [--mirror DIR] [--per-window 600]
"""

from __future__ import annotations

import argparse
import ast
import random
import re
import sys
import tempfile
import time
from pathlib import Path

from precision_bench import windows
from threeway import MIRROR, audit, clone, commit_files, git, merge

RULES = ("merge/name-drift", "merge/return-drift")
CARRY = "vllm/aeon_copied_reads.py"
# one-line statements worth copying: string reads and tuple unpacks of a call
_READ = (
    r"getattr\(.*, *[\"'][A-Za-z_]\w{3,}[\"']|hasattr\(.*, *[\"'][A-Za-z_]\w{3,}[\"']|"
    r"\.get\([\"'][A-Za-z_]\w{3,}[\"']|environ|getenv\(|envs\.[A-Z]|[=!]= *[\"'][A-Za-z_]\w{3,}[\"']|"
    r"^\s*\(?\w+(, *\w+)+\)? *= *(await +)?[\w.]+\(.*\) *$"
)


def sample(repo: str | Path, base: str, count: int, rng: random.Random) -> list[tuple[str, str]]:
    """(path, stripped line) of complete one-line statements matching _READ in the package at ``base``."""
    out = git(Path(repo), "grep", "-n", "-E", "-I", _READ, base, "--", "vllm/*.py", check=False)
    found = []
    for line in out.splitlines():
        parts = line.split(":", 3)
        if len(parts) != 4 or "/tests/" in parts[1]:
            continue
        text = parts[3].strip()
        if text.startswith(("#", "def ", "class ", "@", "elif ", "else", "except", "for ", "while ", "with ")):
            continue
        text = text.removeprefix("if ").removesuffix(":") if text.startswith("if ") else text
        text = text.removeprefix("return ")
        try:
            ast.parse(text)
        except SyntaxError:
            continue
        found.append((parts[1], text))
    rng.shuffle(found)
    return found[:count]


def carry_text(copies: list[tuple[str, str]]) -> str:
    body = ["# AEON: copies of upstream's own reads", "import os", "", "import vllm.envs as envs", ""]
    for i, (path, text) in enumerate(copies):
        body += ["", f"def _copy_{i}(self, *args, **kwargs):  # {path}", f"    {text}", ""]
    return "\n".join(body) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mirror", type=Path, default=MIRROR)
    parser.add_argument("--windows", type=int, default=20)
    parser.add_argument("--per-window", type=int, default=600)
    args = parser.parse_args()
    started = time.perf_counter()
    caught = false = copied = 0
    with tempfile.TemporaryDirectory(prefix="aeon-copies-") as tmp:
        repo = clone(args.mirror, Path(tmp) / "repo")
        for w in windows(repo, args.windows):
            copies = sample(repo, w.base, args.per_window, random.Random(w.index))
            ours = commit_files(repo, w.base, {CARRY: carry_text(copies)}, "AEON copied reads")
            merged = merge(repo, w.base, ours, w.theirs, Path(tmp) / f"w{w.index}")
            if merged is None:
                print(f"window {w.index}: conflict, skipped")
                continue
            findings, seconds = audit(merged)
            mine = [f for f in findings if f.rule_id in RULES or any(r in f.also for r in RULES)]
            lines = (merged.folder / CARRY).read_text().splitlines()
            copied += len(copies)
            print(f"window {w.index:2} {w.date} ({w.commits} commits, {len(copies)} copies): audit {seconds:.2f}s")
            for f in mine:
                original = _origin(lines, f.line)
                kept = original is not None and _kept(repo, w.theirs, *original)
                false, caught = false + kept, caught + (not kept)
                print(f"  {'FALSE ' if kept else 'CAUGHT'} {f.severity.value} [{f.rule_id}] {f.message[:230]}")
    print(
        f"{copied} copied reads over {args.windows} windows: {caught} caught drift(s), {false} false error(s) "
        f"in {time.perf_counter() - started:.0f}s"
    )
    return 0


def _origin(lines: list[str], line: int) -> tuple[str, str] | None:
    """The upstream path and text a finding's line was copied from (the def line above names the path)."""
    if not 1 < line <= len(lines):
        return None
    match = re.search(r"# (\S+)$", lines[line - 2])
    return (match.group(1), lines[line - 1].strip()) if match else None


def _kept(repo: Path, theirs: str, path: str, text: str) -> bool:
    out = git(repo, "show", f"{theirs}:{path}", check=False)
    return any(line.strip().endswith(text) or text in line for line in out.splitlines())


if __name__ == "__main__":
    sys.exit(main())
