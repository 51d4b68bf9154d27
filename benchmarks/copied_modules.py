"""Precision of the merge-aware checks on whole real modules the fork owns: copies of upstream's own code.

For N windows base..theirs of vLLM's first-parent history (the windows of precision_bench.py), the
fork side is the base plus copies of real modules that upstream's window did NOT change but that
import a module it did change (up to ``--per-window``, a seeded sample), each written beside its
original as ``aeon_copy_<name>.py`` (so its relative imports still resolve).  After the clean merge
every line of a copy is fork-owned: every literal, every ``+ 1``, every call, loop and keyword of real
vLLM code, under real upstream changes to what it imports.

Upstream left each original verbatim in the window, and upstream's own code still runs it that way:
an error-level finding on a copy is a false error (or a latent upstream bug that a person can tell from
the printed message).  This measures the checks that follow values across functions and files (enum
ties through callers, offsets through loops, fields and helpers, keyword spellings) where they are
most likely to over-reach.

  python benchmarks/copied_modules.py [--windows 10] [--per-window 40] [--mirror DIR]
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from precision_bench import windows
from threeway import MIRROR, audit, clone, commit_files, git, merge, show


def module_of(path: str) -> str:
    return path[:-3].replace("/", ".").removesuffix(".__init__")


def copies_for(repo: Path, base: str, theirs: str, per_window: int, rng: random.Random) -> dict[str, str]:
    """Copies of unchanged modules that import a changed one: copy path -> text."""
    changed = set(git(repo, "diff", "--name-only", "--no-renames", base, theirs, "--", "vllm/").splitlines())
    changed_modules = {module_of(p) for p in changed if p.endswith(".py")}
    if not changed_modules:
        return {}
    every = [
        p for p in git(repo, "ls-tree", "-r", "--name-only", base, "--", "vllm/").splitlines() if p.endswith(".py")
    ]
    candidates = [p for p in every if p not in changed and "/tests/" not in p and not p.endswith("__init__.py")]
    rng.shuffle(candidates)
    pattern = re.compile(r"^\s*(?:from|import)\s+(" + "|".join(map(re.escape, sorted(changed_modules))) + r")\b", re.M)
    found: dict[str, str] = {}
    for path in candidates:
        text = show(repo, base, path)
        if text is None or len(text) > 150_000 or not pattern.search(text):
            continue
        folder, _, name = path.rpartition("/")
        found[f"{folder}/aeon_copy_{name}"] = text
        if len(found) == per_window:
            break
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mirror", type=Path, default=MIRROR)
    parser.add_argument("--windows", type=int, default=10)
    parser.add_argument("--per-window", type=int, default=40)
    args = parser.parse_args()
    started = time.perf_counter()
    errors: Counter[str] = Counter()
    warnings: Counter[str] = Counter()
    files = lines = 0
    with tempfile.TemporaryDirectory(prefix="aeon-copies-") as tmp:
        repo = clone(args.mirror, Path(tmp) / "repo")
        for w in windows(repo, args.windows):
            copies = copies_for(repo, w.base, w.theirs, args.per_window, random.Random(w.index))
            if not copies:
                continue
            ours = commit_files(repo, w.base, copies, f"AEON copies for window {w.index}")
            merged = merge(repo, w.base, ours, w.theirs, Path(tmp) / f"w{w.index}")
            if merged is None:
                print(f"window {w.index}: the copies conflict (cannot happen: new files)")
                continue
            findings, seconds = audit(merged)
            mine = [f for f in findings if f.path in copies]
            files += len(copies)
            lines += sum(t.count("\n") for t in copies.values())
            for f in mine:
                (errors if f.severity.value == "error" else warnings)[f.rule_id] += 1
                if f.severity.value == "error":
                    print(f"  FALSE? {f.path}:{f.line}: [{f.rule_id}] {f.message[:300]}")
            shown = sum(f.severity.value == "error" for f in mine)
            print(
                f"window {w.index:2d} {w.date} {w.base[:10]}..{w.theirs[:10]} ({w.commits} commits): {len(copies)} "
                f"copies, {shown} error(s), {len(mine) - shown} warning(s); audit {seconds:.2f}s"
            )
    total = sum(errors.values())
    print(
        f"{args.windows} windows, {files} copied modules ({lines} lines, every one fork-owned): {total} error(s) "
        f"{dict(errors)}, {sum(warnings.values())} warning(s) {dict(warnings)}; {time.perf_counter() - started:.0f}s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
