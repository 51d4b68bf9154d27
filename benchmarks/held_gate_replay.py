"""Replay real upstream changes to capability checks read through a holder: what does merge/device-gate say?

A capability is often asked once and held: ``self.is_blackwell = p.is_device_capability_family(100)``
in ``__init__``, ``_IS_SM100 = p.is_device_capability(100)`` at module level, ``_SUPPORTED = {90, 100}``
read as ``cap.to_int() in _SUPPORTED``, or a module function of no parameters that returns it.  A
commit that changes how such a holder is read (or a set of capabilities) names no capability call in
its diff, so the call-named replay (device_gate_replay.py) never sees it.

The holders are found in the history itself: at every 400th commit on main since ``--since``,
``git grep`` for a top-level name or a ``self.x`` assigned from an expression naming a capability
call.  For each upstream commit K on main since ``--since`` whose diff of a Python file under vllm/
adds or removes a line naming one of those holders and no capability call: the merge base is K's
first parent, upstream is K, the fork is the base plus one new module; the merged tree is audited and
every merge/device-gate finding printed with K's subject, for a reader to judge.  Then the totals.

  python benchmarks/held_gate_replay.py [--mirror DIR] [--since 2025-01-01] [--limit N]
"""

from __future__ import annotations

import re
import sys
from dataclasses import replace
from pathlib import Path

from threeway import device_settings, first_parent_commits, gate_replay_args, git, run_gate_replay


def holders(repo: Path, since: str, names: tuple[str, ...]) -> list[str]:
    """Names that hold a capability's answer somewhere in the history: ``X = ...``, ``self.x = ...``."""
    calls = "(" + "|".join(names) + ")"
    pattern = rf"^(self\.)?[A-Za-z_][A-Za-z_0-9]* *(: *[A-Za-z]+)? *= *.*{calls}|^\s+self\.[A-Za-z_0-9]+ *= *.*{calls}"
    found: set[str] = set()
    revs = git(repo, "log", "--first-parent", "main", f"--since={since}", "--format=%H").split()[::400]
    for rev in revs:
        out = git(repo, "grep", "-hoE", pattern, rev, "--", "vllm/*.py", check=False)
        for line in out.splitlines():
            found.add(re.split(r" *[:=]", line.strip(), maxsplit=1)[0])
    return sorted(found)


def commits(repo: Path, since: str, names: tuple[str, ...]) -> list[tuple[str, str]]:
    held = "|".join(re.escape(h) for h in holders(repo, since, names))
    direct = {sha for sha, _ in first_parent_commits(repo, since, "vllm/*.py", "-G", r"\b(" + "|".join(names) + r")\(")}
    reads = first_parent_commits(repo, since, "vllm/*.py", "-E", "-G", rf"(^|[^A-Za-z_0-9.])({held})\b")
    return [(sha, subject) for sha, subject in reads if sha not in direct]


def main() -> int:
    parser = gate_replay_args(__doc__.splitlines()[0], "2025-01-01")
    parser.add_argument("--capability", help="another device's capability (major.minor), to exercise the replay")
    args = parser.parse_args()
    settings = device_settings()
    if args.capability and settings.device is not None:
        major, minor = args.capability.split(".")
        settings = replace(settings, device=replace(settings.device, capability=(int(major), int(minor))))
    names = settings.device.names
    run_gate_replay(
        args, settings, lambda repo: commits(repo, args.since, names), "change a held capability's reads", width=300
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
