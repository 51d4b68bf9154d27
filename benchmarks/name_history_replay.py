"""Every env var and config name vLLM dropped in 2025-2026, replayed under a fork read of the old name.

For each first-parent commit K that drops ``"VLLM_X": lambda ...`` from vllm/envs.py, or a field,
``self.x =`` attribute or env entry from vllm/config*.py: base = K's parent, upstream = K, and the
fork adds one module that reads every dropped name the way fork code does
(``os.environ.get("VLLM_X")``, ``getattr(config, "x", None)``).  A read is *blocked* when an
error-level finding lands on its line.  A name that upstream still mentions somewhere after K (a
deprecation shim, a test) is reported apart: it is not gone, and name drift does not claim it.

  python benchmarks/name_history_replay.py [--mirror DIR] [--since 2025-01-01]
"""

from __future__ import annotations

import re
import sys
import tempfile
import time
from pathlib import Path

from class_frequency import _ENV_ENTRY, _FIELD, commits, history_args
from threeway import audit, clone, commit_files, git, merge

CARRY = "vllm/aeon_reads.py"


def dropped(mirror: Path, since: str) -> list[tuple[str, str, list[str]]]:
    """(sha, subject, names) per commit that drops env entries or config names."""
    found = []
    for head, body in commits(mirror, since, "vllm/envs.py", "vllm/config.py", "vllm/config/*.py"):
        sha, _, subject = head.partition(" ")
        removed, added = set(), set()
        for line in body.split("\n"):
            if (match := _ENV_ENTRY.match(line)) and match.group(1) == "+":
                added.add(match.group(2))
            removed |= {m.group(1) for rx in _FIELD if (m := rx.match(line))}
        # identifiers a config or env var is named by (a docstring's "    Note: ..." is not one)
        names = sorted(n for n in removed - added if re.fullmatch(r"[a-z][a-z0-9_]*|VLLM_\w+", n))
        names = [n for n in names if not re.search(rf"^\+.*\b{n}\b", body, re.M)]
        if names:
            found.append((sha, subject, names))
    return found


def carry(names: list[str]) -> str:
    lines = ["# AEON: fork reads of upstream names", "import os", "", "", "def aeon_reads(config):", "    return ["]
    for name in names:
        read = f'os.environ.get("{name}")' if name.startswith("VLLM_") else f'getattr(config, "{name}", None)'
        lines.append(f"        {read},")
    return "\n".join([*lines, "    ]", ""])


def main() -> int:
    args = history_args(__doc__)
    started = time.perf_counter()
    blocked = missed = kept = 0
    with tempfile.TemporaryDirectory(prefix="aeon-names-") as tmp:
        repo = clone(args.mirror, Path(tmp) / "repo")
        for i, (sha, subject, names) in enumerate(dropped(args.mirror, args.since)):
            base = git(repo, "rev-parse", f"{sha}^")
            present = set(
                git(
                    repo,
                    "grep",
                    "-o",
                    "-h",
                    "-w",
                    "-F",
                    *(x for n in names for x in ("-e", n)),
                    sha,
                    "--",
                    "*.py",
                    check=False,
                ).split()
            )
            ours = commit_files(repo, base, {CARRY: carry(names)}, "AEON reads")
            merged = merge(repo, base, ours, sha, Path(tmp) / f"m{i}")
            if merged is None:
                continue
            findings, _ = audit(merged)
            lines = (merged.folder / CARRY).read_text().splitlines()
            errors = {f.line for f in findings if f.path == CARRY and f.severity.value == "error"}
            for name in names:
                line = next(n for n, text in enumerate(lines, 1) if f'"{name}"' in text)
                if name in present:
                    kept += 1
                elif line in errors:
                    blocked += 1
                else:
                    missed += 1
                    print(f"  MISSED {sha} {name} ({subject[:70]})")
    print(
        f"dropped names gone after their commit: {blocked} blocked, {missed} missed; "
        f"{kept} still mentioned upstream (not claimed); {time.perf_counter() - started:.0f}s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
