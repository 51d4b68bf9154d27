"""Real upstream commits that stop reading an attribute, replayed under a fork carry that sets it.

One pass over ``git log --first-parent -p -U0 -- vllm/*.py`` since ``--since`` keeps a running count of
the lines of ``vllm/`` (tests aside) that read each attribute (``x.name`` loaded or called, not stored)
and of those that define one (``self.name = ...``, ``name: T = ...``), seeded by one ``git grep`` at the
start.  A commit K that takes an attribute's reads to zero while a definition stays (9704a5c310 stopped
reading ``self.aux_stream``; the constructor still sets it) is a case: the fork (ours, on K^) adds one
module that sets the attribute on an object, ``obj.name = True``; base = K^, theirs = K; the merge is
clean.  Caught: a merge/symbol-drift finding on the carry's line (the fork's value is ignored now).

Precision: the same carry setting an attribute that K's diff also reads in a removed line but that
upstream still reads at K (the refactor kept it); any finding on its line is a false one.

  PYTHONPATH=. python benchmarks/knob_replay.py [--since 2025-01-01] [--limit 40] [--mirror DIR]
"""

from __future__ import annotations

import random
import re
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from threeway import carried_findings, clone, first_parent_lines, git, replay_args

CARRY = "vllm/aeon_carries/aeon_knob_carry.py"
RULE = "merge/symbol-drift"
TEMPLATE = '''"""A fork carry: a knob of upstream's code, set for the fleet."""


def aeon_tune(obj) -> None:
    obj.{name} = True
'''
LINE = 5
READ = re.compile(r"\.([a-z_][a-z0-9_]{5,})\b(?!\s*(?:=[^=]|\+=|-=))")
DEFINE = re.compile(r"(?:self\.|^\s*)([a-z_][a-z0-9_]{5,})\s*(?::[^=\n]+)?=[^=]")


def cases(mirror: Path, since: str) -> list[tuple[str, str, str]]:
    """(K, attribute that lost its last read, an attribute K's removed lines read that stays read)."""
    start = git(mirror, "rev-list", "-1", "--first-parent", f"--before={since}", "main")
    reads: Counter[str] = Counter()
    defines: Counter[str] = Counter()
    for line in git(mirror, "grep", "-h", "-I", "-E", r"\.[a-z_]", start, "--", "vllm/*.py").split("\n"):
        code = line.split("#", 1)[0]
        reads.update(READ.findall(code))
        defines.update(DEFINE.findall(code))
    found: list[tuple[str, str, str]] = []
    for sha, lines in first_parent_lines(mirror, since):
        touched: set[str] = set()
        for _, sign, code in lines:
            for name in READ.findall(code):
                reads[name] += sign
                if sign < 0:
                    touched.add(name)
            for name in DEFINE.findall(code):
                defines[name] += sign
        lost = sorted(a for a in touched if reads[a] <= 0 and defines[a] > 0)
        kept = sorted(a for a in touched if reads[a] > 2)
        if lost and kept:
            found.append((sha, lost[0], kept[len(kept) // 2]))
    return found


def main() -> None:
    parser = replay_args(__doc__, 40)
    args = parser.parse_args()
    started = time.perf_counter()
    found = cases(args.mirror, args.since)
    print(f"{len(found)} commits take an attribute's last read (its definition stays) since {args.since}")
    random.Random(0).shuffle(found)
    caught = total = false = 0
    with tempfile.TemporaryDirectory() as tmp:
        repo = clone(args.mirror, Path(tmp) / "r")
        for sha, name, kept in found[: args.limit]:
            hits = carried_findings(repo, sha, CARRY, TEMPLATE.format(name=name), LINE, {RULE})
            twin = carried_findings(repo, sha, CARRY, TEMPLATE.format(name=kept), LINE, {RULE})
            if hits is None or twin is None:
                continue
            subject = git(args.mirror, "log", "-1", "--format=%s", sha)[:60]
            total += 1
            caught += bool(hits)
            false += bool(twin)
            print(f"  {'caught' if hits else 'MISSED'} {sha[:10]} .{name} [twin .{kept}] | {subject}")
            for f in [*hits, *twin]:
                print(f"      {'TWIN ' if f in twin else ''}{f.severity.value}: {f.message[:200]}")
    print(f"attributes upstream stopped reading, set by the fork: {caught}/{total} caught")
    print(f"twins (an attribute upstream still reads): {false}/{total} with a false finding")
    print(f"{time.perf_counter() - started:.0f}s")


if __name__ == "__main__":
    sys.exit(main())
