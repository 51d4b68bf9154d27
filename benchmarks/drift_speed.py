"""Time name, return, type, constant and key drift, lazy pairs, reads before the set, returned strings, demoted enums and raised kinds inside the merge-aware audit.

Windows of 150, 500 and 1,500 first-parent commits (from 2026), each under precision_bench's
synthesized carries plus a fork module with string reads, an unpack and a literal (so every check
gets past its first filter); the audit runs 5 times and the medians are printed.

  python benchmarks/drift_speed.py [--mirror DIR]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import precision_bench as pb
from threeway import MIRROR, audit, clone, commit_files, git, merge

import aeon_release.domain.audits.diffs as diffs
import aeon_release.domain.audits.drift.checks as drift_checks
import aeon_release.domain.audits.merge as engine

CHECKS = (
    "name_drift",
    "return_drift",
    "type_drift",
    "constant_drift",
    "lazy_pair_drift",
    "key_drift",
    "_unset_reads",
    "returned_string_drift",
    "demoted_enum_drift",
    "optional_element_drift",
    "raised_kind_drift",
)
READS = (
    "import os\nimport vllm.envs as envs\n\n\ndef f(cfg, mgr, req, t):\n"
    '    a = getattr(cfg, "max_model_len", 0) + int(os.environ.get("VLLM_HOST_IP", "0") or 0)\n'
    "    b, c = mgr.get_computed_blocks(req)\n    return t == -1, envs.VLLM_LOGGING_LEVEL, a, b, c\n"
)
# a handler of a builtin kind around a call: raised-kind drift gets past its first filter
RAISES = (
    "def g(mgr, req):\n    try:\n        return mgr.get_computed_blocks(req)\n    except AssertionError:\n"
    "        return None\n"
)
spent: dict[str, float] = {}


def timed(name: str, check: Callable[..., Any]) -> Callable[..., Any]:
    def run(*args: Any) -> Any:
        started = time.perf_counter()
        try:
            return check(*args)
        finally:
            spent[name] = spent.get(name, 0.0) + time.perf_counter() - started

    return run


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mirror", type=Path, default=MIRROR)
    args = parser.parse_args()
    # the checks run from engine._SEMANTIC_CHECKS (a tuple bound at import: wrapping the module's name
    # alone times nothing) or from the drift checks module (read before set)
    engine._SEMANTIC_CHECKS = tuple(
        timed(c.__name__, c) if c.__name__ in CHECKS else c for c in engine._SEMANTIC_CHECKS
    )
    for name in CHECKS:
        if hasattr(drift_checks, name):
            setattr(drift_checks, name, timed(name, getattr(drift_checks, name)))
    with tempfile.TemporaryDirectory(prefix="aeon-drift-speed-") as tmp:
        repo = clone(args.mirror, Path(tmp) / "repo")
        main_line = git(
            repo, "log", "--first-parent", "--format=%H", "--since=2026-01-01T00:00:00Z", "main"
        ).splitlines()[::-1]
        for size in (150, 500, 1500):
            base, theirs = main_line[2000], main_line[2000 + size]
            carry = pb.synthesize(repo, pb.Window(0, base, theirs, size, ""), random.Random(1), True)
            files = {**carry.new_files, **carry.edits, "vllm/aeon_reads.py": READS, "vllm/aeon_raises.py": RAISES}
            merged = merge(repo, base, commit_files(repo, base, files, "carry"), theirs, Path(tmp) / f"m{size}")
            if merged is None:
                print(f"{size} commits: the carry conflicts, skipped")
                continue
            runs: dict[str, list[float]] = {name: [] for name in (*CHECKS, "audit")}
            for _ in range(5):
                spent.clear()
                diffs._STARTED.clear()
                _, seconds = audit(merged)
                runs["audit"].append(seconds)
                for name in CHECKS:
                    runs[name].append(spent.get(name, 0.0))
            median = {name: statistics.median(values) for name, values in runs.items()}
            parts = ", ".join(f"{name} {median[name]:.3f}s" for name in CHECKS)
            added = sum(median[name] for name in CHECKS)
            print(f"{size} commits: audit {median['audit']:.2f}s, of which {parts} (sum {added:.2f}s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
