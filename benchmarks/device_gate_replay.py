"""Replay every real upstream change to a capability check: what does merge/device-gate say for the fleet's device?

The device and the calls that ask about it come from the repository's own audits/ (``settings:
device``).  For each upstream commit K on main since ``--since`` whose diff of a Python file under
vllm/ adds or removes a line naming one of those calls or capability types (``git log -G``): the merge base is K's first
parent, upstream (theirs) is K, and the fork (ours) is the base plus one new fork module (the
merge-aware checks run only when both sides changed something).  The merge is clean; the engine's
merge-aware audit runs on the merged tree, and every merge/device-gate finding is printed with K's
subject, so that a reader can judge each one.  Then the totals: commits replayed, commits with an
error (the device loses a path), commits with a warning only.

  python benchmarks/device_gate_replay.py [--mirror DIR] [--since 2025-06-01] [--limit N]
"""

from __future__ import annotations

import sys
from pathlib import Path

from threeway import device_settings, first_parent_commits, gate_replay_args, run_gate_replay


def commits(repo: Path, since: str, names: tuple[str, ...]) -> list[tuple[str, str]]:
    return first_parent_commits(repo, since, "vllm/*.py", "-G", r"\b(" + "|".join(names) + r")\(")


def main() -> int:
    args = gate_replay_args(__doc__.splitlines()[0], "2025-06-01").parse_args()
    settings = device_settings()
    names = settings.device.words  # the calls, and the capability types (a compare of a passed capability)
    run_gate_replay(args, settings, lambda repo: commits(repo, args.since, names), "change a capability check")
    return 0


if __name__ == "__main__":
    sys.exit(main())
