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
import tempfile
from pathlib import Path

from threeway import clone, device_settings, gate_replay_args, git, replay_gate_commits


def commits(repo: Path, since: str, names: tuple[str, ...]) -> list[tuple[str, str]]:
    pattern = r"\b(" + "|".join(names) + r")(\(\))?[[:space:]]*(>=|<=|==|!=|<|>)[[:space:]]*[0-9]"
    out = git(
        repo, "log", "--first-parent", "main", f"--since={since}", "--format=%H %s", "-E", "-G", pattern, "--", "csrc"
    )
    return [(line[:40], line[41:]) for line in out.splitlines() if line]


def main() -> int:
    parser = gate_replay_args(__doc__.splitlines()[0], "2025-01-01")
    args = parser.parse_args()
    settings = device_settings()
    with tempfile.TemporaryDirectory() as tmp:
        repo = clone(args.mirror, Path(tmp) / "repo")
        names = (*settings.device.native_arch, *settings.device.native_version)
        found = commits(repo, args.since, names)
        if args.limit:
            found = found[: args.limit]
        print(
            f"device {settings.device.label}; {len(found)} upstream commits change a native capability guard since {args.since}"
        )
        replay_gate_commits(repo, found, settings, keep=lambda f: not f.path.endswith(".py"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
