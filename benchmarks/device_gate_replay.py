"""Replay every real upstream change to a capability check: what does merge/device-gate say for the fleet's device?

The device and the calls that ask about it come from the repository's own audits/ (``settings:
device``).  For each upstream commit K on main since ``--since`` whose diff of a Python file under
vllm/ adds or removes a line naming one of those calls (``git log -G``): the merge base is K's first
parent, upstream (theirs) is K, and the fork (ours) is the base plus one new fork module (the
merge-aware checks run only when both sides changed something).  The merge is clean; the engine's
merge-aware audit runs on the merged tree, and every merge/device-gate finding is printed with K's
subject, so that a reader can judge each one.  Then the totals: commits replayed, commits with an
error (the device loses a path), commits with a warning only.

  python benchmarks/device_gate_replay.py [--mirror DIR] [--since 2025-06-01] [--limit N]
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

from threeway import clone, device_settings, gate_replay_args, git, replay_gate_commits


def commits(repo: Path, since: str, names: tuple[str, ...]) -> list[tuple[str, str]]:
    pattern = r"\b(" + "|".join(names) + r")\("
    out = git(
        repo, "log", "--first-parent", "main", f"--since={since}", "--format=%H %s", "-G", pattern, "--", "vllm/*.py"
    )
    return [(line[:40], line[41:]) for line in out.splitlines() if line]


def main() -> int:
    parser = gate_replay_args(__doc__.splitlines()[0], "2025-06-01")
    args = parser.parse_args()
    settings = device_settings()
    with tempfile.TemporaryDirectory() as tmp:
        repo = clone(args.mirror, Path(tmp) / "repo")
        found = commits(repo, args.since, settings.device.names)
        if args.limit:
            found = found[: args.limit]
        print(
            f"device {settings.device.label}; {len(found)} upstream commits change a capability check since {args.since}"
        )
        replay_gate_commits(repo, found, settings)
    return 0


if __name__ == "__main__":
    sys.exit(main())
