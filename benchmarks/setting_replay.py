"""Real environment variables upstream stopped reading, replayed under a fork Dockerfile that sets them.

For each first-parent commit K of vLLM (since ``--since``) whose diff of ``vllm/envs.py`` removes a key
of the variable registry (``"VLLM_X": lambda: ...``) that no added line of K's diff of the file holds,
the fork (ours, on K^) adds one container build file that sets the variable (``ENV VLLM_X=1``): the
fleet's deployment chose a path with it.  base = K^, theirs = K; the merge is clean.  Caught: a
merge/name-drift finding on the ``ENV`` line (the setting is ignored now).  A variable that upstream
still names elsewhere in its Python files (moved, or read directly) is not gone: such a case counts
as "still named" rather than missed.

Precision: the same file setting a variable the registry holds at K^ and at K; any finding on its
line is a false one.

  PYTHONPATH=. python benchmarks/setting_replay.py [--since 2025-01-01] [--limit 40] [--mirror DIR]
"""

from __future__ import annotations

import re
import sys
import tempfile
import time
from pathlib import Path

from threeway import carried_findings, clone, git, replay_args, show

CARRY = "docker/Dockerfile.aeon"
RULE = "merge/name-drift"
TEMPLATE = "FROM vllm-base\nENV {name}=1\n"
LINE = 2
ENVS = "vllm/envs.py"
_KEY = re.compile(r"""^([-+])\s*["']([A-Z][A-Z0-9_]+)["']\s*:""", re.M)


def cases(mirror: Path, since: str) -> list[tuple[str, str, str]]:
    """(K, a variable K removed from the registry, a variable it kept), newest first."""
    log = git(mirror, "log", "--first-parent", f"--since={since}", "-p", "-U0", "--format=@@C %H", "main", "--", ENVS)
    found: list[tuple[str, str, str]] = []
    for chunk in log.split("@@C ")[1:]:
        sha = chunk[:40]
        removed = {m.group(2) for m in _KEY.finditer(chunk) if m.group(1) == "-"}
        added = {m.group(2) for m in _KEY.finditer(chunk) if m.group(1) == "+"}
        gone = sorted(removed - added)
        if not gone:
            continue
        kept = sorted(
            set(re.findall(r"""^\s*["']([A-Z][A-Z0-9_]+)["']\s*:""", show(mirror, sha, ENVS) or "", re.M)) - removed
        )
        if kept:
            found.extend((sha, name, kept[len(kept) // 2]) for name in gone[:2])
    return found


def main() -> None:
    parser = replay_args(__doc__, 40)
    args = parser.parse_args()
    started = time.perf_counter()
    found = cases(args.mirror, args.since)
    print(f"{len(found)} registry variables removed since {args.since} (at most two per commit)")
    caught = total = false = named = 0
    with tempfile.TemporaryDirectory() as tmp:
        repo = clone(args.mirror, Path(tmp) / "r")
        for sha, name, kept in found[: args.limit]:
            hits = carried_findings(repo, sha, CARRY, TEMPLATE.format(name=name), LINE, {RULE})
            twin = carried_findings(repo, sha, CARRY, TEMPLATE.format(name=kept), LINE, {RULE})
            if hits is None or twin is None:
                continue
            subject = git(args.mirror, "log", "-1", "--format=%s", sha)[:60]
            still = not hits and bool(git(repo, "grep", "-l", "-w", name, sha, "--", "*.py", ":!tests/", check=False))
            total += 1
            caught += bool(hits)
            named += still
            false += bool(twin)
            tag = "caught" if hits else "still named" if still else "MISSED"
            print(f"  {tag} {sha[:10]} {name} [twin {kept}] | {subject}")
            for f in [*hits, *twin]:
                print(f"      {'TWIN ' if f in twin else ''}{f.severity.value}: {f.message[:200]}")
    print(f"settings of a removed variable: {caught}/{total} caught ({named} still named by upstream's Python)")
    print(f"twins (a variable upstream kept): {false}/{total} with a false finding")
    print(f"{time.perf_counter() - started:.0f}s")


if __name__ == "__main__":
    sys.exit(main())
