"""Replay every real upstream change to a native (C++/CUDA) capability guard: what does merge/device-gate say?

The device and the names csrc/ compares its capability through come from the repository's own audits/
(``settings: device``: ``native_arch``, ``native_version``).  For each upstream commit K on main since
``--since`` whose diff of a file under csrc/ adds or removes a line comparing one of those names with
a number (``git log -G``): the merge base is K's first parent, upstream (theirs) is K, and the fork
(ours) is the base plus one new fork module.  The merge is clean; the engine's merge-aware audit runs
on the merged tree, and every merge/device-gate finding on a native file is printed with K's subject,
for a reader to judge.  Then the totals: commits replayed, commits with an error (the device loses a
path), commits with a warning only.

  python benchmarks/native_gate_replay.py [--mirror DIR] [--since 2025-01-01] [--limit N]
"""

from __future__ import annotations

import sys
from pathlib import Path

from threeway import device_settings, first_parent_commits, gate_replay_args, run_gate_replay


def commits(repo: Path, since: str, names: tuple[str, ...]) -> list[tuple[str, str]]:
    pattern = r"\b(" + "|".join(names) + r")(\(\))?[[:space:]]*(>=|<=|==|!=|<|>)[[:space:]]*[0-9]"
    return first_parent_commits(repo, since, "csrc", "-E", "-G", pattern)


def main() -> int:
    args = gate_replay_args(__doc__.splitlines()[0], "2025-01-01").parse_args()
    settings = device_settings()
    names = (*settings.device.native_arch, *settings.device.native_version)
    run_gate_replay(
        args,
        settings,
        lambda repo: commits(repo, args.since, names),
        "change a native capability guard",
        keep=lambda f: not f.path.endswith(".py"),
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
