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

import argparse
import re
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

from threeway import MIRROR, GitTree, MergeSides, SourceCache, clone, commit_files, git, merge_findings

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from aeon_release.domain.audits.config import load_rules  # noqa: E402
from aeon_release.domain.audits.merge_rules import DEVICE_GATE  # noqa: E402
from aeon_release.domain.audits.model import Settings  # noqa: E402

FORK_MODULE = "vllm/aeon_fork_note.py"


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
    def log(*pattern: str) -> list[str]:
        out = git(
            repo, "log", "--first-parent", "main", f"--since={since}", "--format=%H %s", *pattern, "--", "vllm/*.py"
        )
        return [line for line in out.splitlines() if line]

    held = "|".join(re.escape(h) for h in holders(repo, since, names))
    direct = {line[:40] for line in log("-G", r"\b(" + "|".join(names) + r")\(")}
    return [
        (line[:40], line[41:]) for line in log("-E", "-G", rf"(^|[^A-Za-z_0-9.])({held})\b") if line[:40] not in direct
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mirror", type=Path, default=MIRROR)
    parser.add_argument("--since", default="2025-01-01")
    parser.add_argument("--limit", type=int, default=0)
    parser.add_argument("--capability", help="another device's capability (major.minor), to exercise the replay")
    args = parser.parse_args()
    settings = load_rules(ROOT).settings
    if settings.device is None:
        raise SystemExit("audits/ sets no device (settings: device)")
    device = settings.device
    if args.capability:
        major, minor = args.capability.split(".")
        device = replace(device, capability=(int(major), int(minor)))
    settings = Settings(device=device, pr_subject_pattern=settings.pr_subject_pattern)
    with tempfile.TemporaryDirectory() as tmp:
        repo = clone(args.mirror, Path(tmp) / "repo")
        found = commits(repo, args.since, settings.device.names)
        if args.limit:
            found = found[: args.limit]
        print(
            f"device {settings.device.label}; {len(found)} upstream commits change a held capability's reads since {args.since}"
        )
        errors = warnings = 0
        started = time.perf_counter()
        for sha, subject in reversed(found):
            base = git(repo, "rev-parse", f"{sha}^")
            ours = commit_files(repo, base, {FORK_MODULE: "FORK_NOTE = 'carried'\n"}, "fork: a carry")
            done = git(repo, "merge-tree", "--write-tree", "--no-messages", ours, sha, check=False)
            if not done:
                print(f"  {sha[:10]} {subject[:70]}: merge failed")
                continue
            tree = GitTree(repo, done.split()[0])
            try:
                findings = merge_findings(SourceCache(tree), MergeSides(repo, base, ours, sha), replace(settings))
            finally:
                tree.close()
            gates = [f for f in findings if f.rule_id == DEVICE_GATE]
            severities = {f.severity.value for f in gates}
            errors += "error" in severities
            warnings += severities == {"warning"}
            if gates:
                print(f"{sha[:10]} {subject[:90]}")
                for f in gates:
                    print(f"    {f.severity.value}: {f.path}:{f.line}: {f.message[:300]}")
        print(
            f"\n{len(found)} commits replayed in {time.perf_counter() - started:.0f} s: {errors} with an error "
            f"(the device loses a path), {warnings} with warnings only"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
