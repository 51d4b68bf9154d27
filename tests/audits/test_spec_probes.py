"""A branch an ``importlib.util.find_spec`` test of the merged tree never takes is quiet (drift/spec_probes.py).

#47750 (vLLM 60915c972c) moved ``vllm/multimodal/evs.py`` into ``video_prune/``.  Fork code written for both
homes may ask the import system which one is there (``if find_spec("...video_prune") is not None:`` the
new import, ``else:`` the old); on the merged tree the new home is there, so the old import never runs, yet
symbol drift blocked the merge on it (review62's twins).  Killers: the old import under the branch that
runs, a probe of a module whose package is gone too (``find_spec`` raises there), and a probe of another
package's module (the install decides, not the tree).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.symbols import RULE as DRIFT
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way

OLD = "pkg/mm/evs.py"
EVS = "def kept_count(tokens: int, frames: int, q: float) -> int:\n    return int(tokens * frames * (1 - q))\n"
BASE = {
    "pkg/__init__.py": "",
    "pkg/mm/__init__.py": "",
    OLD: EVS,
    "pkg/mm/fla/__init__.py": "",
    "pkg/mm/fla/ops.py": EVS,
}
MOVED = {OLD: None, "pkg/mm/fla/__init__.py": None, "pkg/mm/fla/ops.py": None, "pkg/mm/prune/__init__.py": ""}
MOVED["pkg/mm/prune/evs.py"] = EVS
FORK = "pkg/fork/probe.py"
SPEC = "import importlib.util\nfrom importlib.util import find_spec\n\n"
NEW = "from pkg.mm.prune.evs import kept_count"
GONE = "from pkg.mm.evs import kept_count"


def _errors(git_repo: GitRepo, tmp_path: Path, fork: str) -> list[tuple[str, int, str]]:
    sides = three_way(git_repo, BASE, {"pkg/fork/__init__.py": "", FORK: fork}, MOVED)
    return [f for f in found(audit(git_repo, sides, tmp_path), DRIFT) if f[2] == "error" and f[0] == FORK]


@pytest.mark.parametrize(
    "fork",
    [
        SPEC + f"if importlib.util.find_spec('pkg.mm.prune') is not None:\n    {NEW}\nelse:\n    {GONE}\n",
        SPEC + f"if find_spec('pkg.mm.prune.evs') is None:\n    {GONE}\nelse:\n    {NEW}\n",
        SPEC + f"if not find_spec('pkg.mm.prune'):\n    {GONE}\nelse:\n    {NEW}\n",
        SPEC + f"if find_spec('pkg.mm.evs'):\n    {GONE}\nelse:\n    {NEW}\n",
        SPEC + f"_HAS_PRUNE = find_spec('pkg.mm.prune') is not None\n\nif _HAS_PRUNE:\n    {NEW}\nelse:\n    {GONE}\n",
        SPEC + "if find_spec('pkg.mm.prune') is None:\n    from pkg.mm.evs import *  # noqa: F403\n",
        SPEC + f"import os\n\nif find_spec('pkg.mm.prune') is None and os.environ.get('OLD'):\n    {GONE}\n",
        SPEC + f"import os\n\nif find_spec('pkg.mm.prune') or os.environ.get('NEW'):\n    {NEW}\nelse:\n    {GONE}\n",
        SPEC + "evs = importlib.import_module(\n    'pkg.mm.prune.evs'\n    if find_spec('pkg.mm.prune')\n"
        "    else 'pkg.mm.evs'\n)\n",
    ],
    ids=[
        "is not None",
        "is None",
        "not",
        "the old home probed",
        "a module flag",
        "a star import",
        "and-ed with a setting",
        "or-ed with a setting",
        "a conditional expression's arm",
    ],
)
def test_twin_a_branch_the_merged_tree_never_takes_is_quiet(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    assert _errors(git_repo, tmp_path, fork) == []


def test_the_old_import_under_the_branch_that_runs_is_an_error(git_repo: GitRepo, tmp_path: Path) -> None:
    fork = SPEC + f"if find_spec('pkg.mm.prune') is not None:\n    {GONE}\n"
    assert _errors(git_repo, tmp_path, fork) == [(FORK, line_of(fork, GONE), "error")]


def test_a_probe_of_a_module_whose_package_is_gone_is_no_probe(git_repo: GitRepo, tmp_path: Path) -> None:
    """``find_spec('pkg.mm.fla.ops')`` imports ``pkg.mm.fla`` first, gone upstream: it raises, nothing is skipped."""
    fork = SPEC + "if find_spec('pkg.mm.fla.ops') is not None:\n    from pkg.mm.fla.ops import kept_count\n"
    assert (FORK, line_of(fork, "from pkg.mm.fla.ops import"), "error") in _errors(git_repo, tmp_path, fork)


def test_a_probe_of_another_package_is_no_probe(git_repo: GitRepo, tmp_path: Path) -> None:
    """Whether ``outside`` is installed is the fleet's to say, not the tree's: the old import may run."""
    fork = SPEC + f"if find_spec('outside') is None:\n    {GONE}\n"
    assert _errors(git_repo, tmp_path, fork) == [(FORK, line_of(fork, GONE), "error")]


def test_an_undecided_part_of_an_and_decides_nothing(git_repo: GitRepo, tmp_path: Path) -> None:
    """The probe is True on the merged tree, the setting unknown: the body may run, its gone import counts."""
    fork = SPEC + f"import os\n\nif find_spec('pkg.mm.prune') and os.environ.get('OLD'):\n    {GONE}\n"
    assert _errors(git_repo, tmp_path, fork) == [(FORK, line_of(fork, GONE), "error")]


def test_the_arm_a_conditional_expression_takes_is_an_error(git_repo: GitRepo, tmp_path: Path) -> None:
    fork = (
        SPEC + "evs = importlib.import_module(\n    'pkg.mm.evs'\n    if find_spec('pkg.mm.prune')\n    else 'x'\n)\n"
    )
    assert _errors(git_repo, tmp_path, fork) == [(FORK, line_of(fork, "'pkg.mm.evs'"), "error")]


def test_a_probe_under_a_plain_module_is_no_probe(git_repo: GitRepo, tmp_path: Path) -> None:
    """``find_spec('pkg.mm.prune.evs.kept_count')`` asks under a module that is no package: it raises."""
    fork = SPEC + f"if find_spec('pkg.mm.prune.evs.kept_count') is None:\n    {GONE}\n"
    assert _errors(git_repo, tmp_path, fork) == [(FORK, line_of(fork, GONE), "error")]
