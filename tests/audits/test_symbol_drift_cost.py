"""Symbol drift's cost grows with a module's size, not with its size squared.

A module of many patched functions asked, for each function, a question of the whole module (its every
line scanned for the name, its every definition walked, its every statement searched for an import): a
module of 1,200 calls took 33 s.  The work is counted, never timed: every Python call, and every C call
made from Python, while the module is audited (``sys.setprofile``), at two sizes; a linear check does
about three times the work at three times the size, a quadratic one up to nine times.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo, calls_made, config_without_rules

RUNNER = "vllm/v1/worker/runner.py"


def _module(n: int) -> str:
    return "".join(
        f"def prepare_step_{i:05d}(batch):\n    ids = list(batch)\n    ids = ids[:]\n"
        f"    return prepare_step_{i + 1:05d}(ids)\n\n\n"
        for i in range(n)
    )


def _work(tmp: Path, n: int, dropped: bool, warm: bool = False) -> tuple[int, int]:
    """(calls made while auditing, findings) for a merge where the fork patched each of ``n`` functions
    and upstream appended a function (or, ``dropped``, stopped every call of one function by another)."""
    base = _module(n)
    fork = base.replace("    ids = list(batch)\n", "    ids = list(batch)\n    ids = aeon_pad(ids)  # AEON\n")
    upstream = base.replace("    return prepare_step_", "    return ids or prep_") if dropped else base + "x = 1\n"
    repo = GitRepo(tmp / f"repo{n}")
    sides = s.merge_case(repo, {RUNNER: base}, {RUNNER: fork}, [("Rework the steps (#2)", {RUNNER: upstream})])
    config = config_without_rules(tmp / f"cfg{n}")
    if warm:
        repo.audit(config, merge=sides)  # the imports and first-use caches out of the count
    calls, report = calls_made(lambda: repo.audit(config, merge=sides))
    return calls, len(report.findings)


def test_a_module_of_thousands_of_patched_functions_costs_linear_work(tmp_path: Path) -> None:
    # 200 and 600: the code before the fix did 6.5 times the work at three times the size (100 and 300: 5.6x)
    small, _ = _work(tmp_path, 200, dropped=False, warm=True)
    large, _ = _work(tmp_path, 600, dropped=False)
    assert large < 4.5 * small, f"200 functions: {small} calls; 600: {large} (linear: ~3x)"


@pytest.mark.slow  # a git grep a dead patch's name: 1,500 of them
def test_a_module_whose_calls_upstream_all_dropped_costs_linear_work(tmp_path: Path) -> None:
    # every function is then a dead patch's candidate: its uses searched, its base version walked
    # 150 and 450: the code before the fix did 6.1 times the work at three times the size (100 and 300: 4.7x,
    # too near the bound); this code 2x.  300 and 900 cost 12 CPU-seconds, most of them under the profiler
    small, found_small = _work(tmp_path, 150, dropped=True, warm=True)
    large, found_large = _work(tmp_path, 450, dropped=True)
    assert found_large > found_small >= 150  # each patch is reported: the whole path was walked
    assert large < 4.5 * small, f"150 functions: {small} calls; 450: {large} (linear: ~3x)"
