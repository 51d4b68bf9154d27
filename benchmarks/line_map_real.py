"""Does ``sides.line_map`` map real files as difflib alone did, and what does a repetitive middle cost?

For a seeded sample of real (release, next release) versions of upstream's Python files, the mapping of the
engine is compared with the one difflib alone gives (the engine's before the work budget: the same head,
tail and autojunk rule); then the cost trap: a module of N functions both sides changed throughout.

    PYTHONPATH=. python benchmarks/line_map_real.py [--pairs 60] [--largest 20] [--git-dir DIR]
"""

from __future__ import annotations

import argparse
import difflib
import os
import random
import subprocess
from pathlib import Path

from aeon_release.domain.audits.drift import sides
from aeon_release.domain.audits.source import code_lines

DEFAULT_GIT_DIR = Path("/work/.mirror/neuralmagic+vllm/repo")
RELEASES = [("v0.7.0", "v0.8.0"), ("v0.8.0", "v0.9.0"), ("v0.9.0", "v0.10.0")]


def difflib_map(side: str, merged: str) -> dict[int, int]:
    """The engine's line_map before the budget (difflib alone)."""
    a, b = code_lines(side), code_lines(merged)
    head, tail = sides.common_ends(a, b)
    mapping = {n: n for n in range(1, head + 1)}
    mapping.update({len(a) - t: len(b) - t for t in range(tail)})
    middle_a, middle_b = a[head : len(a) - tail], b[head : len(b) - tail]
    matcher = difflib.SequenceMatcher(None, middle_a, middle_b, autojunk=len(middle_a) + len(middle_b) > 3000)
    for i, j, size in matcher.get_matching_blocks():
        for offset in range(size):
            mapping[head + i + offset + 1] = head + j + offset + 1
    return mapping


def _show(git_dir: Path, rev: str, path: str) -> str:
    out = subprocess.run(["git", "-C", str(git_dir), "show", f"{rev}:{path}"], capture_output=True, check=True)
    return out.stdout.decode("utf-8", "replace")


def real_pairs(git_dir: Path, count: int, largest: int) -> list[tuple[str, str, str]]:
    """``count`` changed files drawn at random, and the ``largest`` changed most (the middles that cost)."""
    pairs: list[tuple[int, str, str, str]] = []
    for old, new in RELEASES:
        stat = subprocess.run(
            ["git", "-C", str(git_dir), "diff", "--numstat", "--diff-filter=M", old, new, "--", "*.py"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.splitlines()
        for row in stat:
            added, removed, name = row.split("\t", 2)
            pairs.append((int(added) + int(removed), old, new, name))
    drawn = random.Random(12).sample(pairs, count)
    most = sorted(set(pairs) - set(drawn), reverse=True)[:largest]
    return [(old, new, name) for _, old, new, name in drawn + most]


def compare(git_dir: Path, count: int, largest: int) -> None:
    same = lines = 0
    spent = 0.0
    pairs = real_pairs(git_dir, count, largest)
    for old, new, path in pairs:
        before, after = _show(git_dir, old, path), _show(git_dir, new, path)
        start = _cpu()
        mapping = sides.line_map(before, after)
        spent += _cpu() - start
        reference = difflib_map(before, after)
        same += mapping == reference
        lines += len(code_lines(before))
        if mapping != reference:
            print(f"  differs: {path} ({old}..{new}): {len(reference)} -> {len(mapping)} mapped")
    print(f"real pairs: {same} of {len(pairs)} mapped as difflib alone ({lines} lines; line_map CPU {spent:.2f} s)")


def _cpu() -> float:
    """This process's CPU and its finished children's (git's diff)."""
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


def module(n: int) -> str:
    return "".join(
        f"def prepare_step_{i:05d}(batch):\n    ids = list(batch)\n    ids = ids[:]\n"
        f"    return prepare_step_{i + 1:05d}(ids)\n\n\n"
        for i in range(n)
    )


def trap(n: int) -> None:
    base = module(n)
    fork = base.replace("    ids = list(batch)\n", "    ids = list(batch)\n    ids = pad(ids)  # FORK\n")
    merged = fork.replace("    return prepare_step_", "    return ids or prep_")
    for name, align in (("difflib alone", difflib_map), ("line_map", sides.line_map)):
        start = _cpu()
        mapped = align(fork, merged)
        print(
            f"  {n} functions ({len(code_lines(fork))} + {len(code_lines(merged))} lines), {name}: "
            f"{_cpu() - start:.3f} s CPU (git's included), {len(mapped)} lines mapped"
        )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--pairs", type=int, default=60)
    parser.add_argument("--largest", type=int, default=20)
    parser.add_argument("--git-dir", type=Path, default=DEFAULT_GIT_DIR)
    args = parser.parse_args()
    compare(args.git_dir, args.pairs, args.largest)
    for n in (50, 100, 200):
        trap(n)


if __name__ == "__main__":
    main()
