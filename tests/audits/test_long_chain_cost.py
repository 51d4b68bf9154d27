"""Symbol drift's cost on a long attribute chain grows with the chain's length squared at most, not cubed.

A fork line reading ``x.a.a.a....a`` (a chain no upstream class types) was resolved anew for every prefix
of the chain when its outermost use was unknown after the merge (``_gone_owner`` looks for the prefix
upstream removed), and each resolution walked the whole prefix again: a chain of 200 attributes in one
fork function cost 5.6 CPU-seconds of a 0.1-second audit (drift_fuzz.py's ``chains`` mutator).  Counted,
never timed (conftest.calls_made): three times the chain, at most about nine times the work.
"""

from __future__ import annotations

from pathlib import Path

from tests.audits import drift_shapes as s
from tests.audits.conftest import GitRepo, calls_made, config_without_rules

LIB = "vllm/lib.py"
FORK = "vllm/fork_reads.py"
LIB_BASE = "class Holder:\n    value = 1\n\n\ndef make() -> Holder:\n    return Holder()\n"


def _work(tmp: Path, n: int, warm: bool = False) -> tuple[int, int]:
    """(calls made while auditing, findings) for a fork file reading a chain of ``n`` attributes off an
    imported module upstream changed."""
    fork = f"from vllm import lib\n\n\ndef read(x):\n    return lib.make().value{'.a' * n}, x\n"
    repo = GitRepo(tmp / f"repo{n}")
    upstream = LIB_BASE.replace("    value = 1\n", "    value = 2\n")
    sides = s.merge_case(repo, {LIB: LIB_BASE}, {FORK: fork}, [("Change the value (#2)", {LIB: upstream})])
    config = config_without_rules(tmp / f"cfg{n}")
    if warm:
        repo.audit(config, merge=sides)  # the imports and first-use caches out of the count
    calls, report = calls_made(lambda: repo.audit(config, merge=sides))
    return calls, len(report.findings)


def test_a_long_attribute_chain_costs_at_most_quadratic_work(tmp_path: Path) -> None:
    small, _ = _work(tmp_path, 40, warm=True)
    large, _ = _work(tmp_path, 120)
    assert large < 12 * small, f"a chain of 40: {small} calls; of 120: {large} (quadratic: ~9x, cubic: ~27x)"
