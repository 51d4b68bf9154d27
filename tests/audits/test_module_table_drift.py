"""Container drift of a module's global: a module-level table upstream made another kind of container.

#33130 (a5aa4d5c0f) made ``mixed_precision._POSSIBLE_KERNELS: list[type[MPLinearKernel]]`` a
``dict[PlatformEnum, list[...]]`` keyed by platform: a fork's ``_POSSIBLE_KERNELS.insert(0, Kernel)``
merges cleanly and raises AttributeError at import.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import TYPE_DRIFT
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way

KERNELS = "vllm/kernels/mixed/__init__.py"
BASE = (
    "class Machete:\n    pass\n\n\nclass Marlin:\n    pass\n\n\n"
    "_POSSIBLE_KERNELS: list[type] = [\n    Machete,\n    Marlin,\n]\n\n\n"
    "def choose(config):\n    for kernel in _POSSIBLE_KERNELS:\n        return kernel\n"
)
THEIRS = (
    BASE.replace(
        "_POSSIBLE_KERNELS: list[type] = [\n    Machete,\n    Marlin,\n]",
        "_POSSIBLE_KERNELS: dict[str, list[type]] = {\n    'cuda': [Machete, Marlin],\n    'cpu': [Marlin],\n}",
    )
    .replace("for kernel in _POSSIBLE_KERNELS:", "for kernel in _POSSIBLE_KERNELS['cuda']:")
    .replace("class Machete:", "# kernels by platform\nclass Machete:")
)
MODULE = "from vllm.kernels import mixed\n\n\n"
NAMED = "from vllm.kernels.mixed import Marlin, _POSSIBLE_KERNELS\n\n\n"


def _rows(git_repo: GitRepo, tmp_path: Path, fork: str, theirs: str = THEIRS) -> list[tuple[str, int, str]]:
    base = {"vllm/__init__.py": "", "vllm/kernels/__init__.py": "", KERNELS: BASE}
    sides = three_way(git_repo, base, {"vllm/aeon_use.py": fork}, {KERNELS: theirs})
    return found(audit(git_repo, sides, tmp_path), TYPE_DRIFT)


@pytest.mark.parametrize(
    ("fork", "needle", "severity"),
    [
        (
            MODULE + "def aeon_first() -> None:\n    mixed._POSSIBLE_KERNELS.insert(0, mixed.Marlin)\n",
            "insert",
            "error",
        ),
        (NAMED + "_POSSIBLE_KERNELS.append(Marlin)\n", "append", "error"),
        (MODULE + "def aeon_two():\n    return mixed._POSSIBLE_KERNELS[:2]\n", "[:2]", "error"),
        (MODULE + "def aeon_names():\n    return [k.__name__ for k in mixed._POSSIBLE_KERNELS]\n", "for k", "warning"),
        (
            MODULE
            + "def aeon_first() -> None:\n    kernels = mixed._POSSIBLE_KERNELS\n    kernels.remove(mixed.Machete)\n",
            "remove",
            "error",
        ),
    ],
    ids=["module-attribute", "imported-name", "slice", "walked", "local-alias"],
)
def test_a_list_use_of_a_module_table_made_a_dict(
    git_repo: GitRepo, tmp_path: Path, fork: str, needle: str, severity: str
) -> None:
    assert _rows(git_repo, tmp_path, fork) == [("vllm/aeon_use.py", line_of(fork, needle), severity)]


@pytest.mark.parametrize(
    "fork",
    [
        MODULE + "def aeon_count() -> int:\n    return len(mixed._POSSIBLE_KERNELS)\n",  # both kinds size
        MODULE + "def aeon_copy():\n    return mixed._POSSIBLE_KERNELS.copy()\n",  # both kinds copy
        NAMED + "_POSSIBLE_KERNELS = [Marlin]\n_POSSIBLE_KERNELS.append(Marlin)\n",  # the fork's own list
        MODULE
        + "def aeon_first(kernels):\n    if isinstance(mixed._POSSIBLE_KERNELS, list):\n"
        + "        mixed._POSSIBLE_KERNELS.insert(0, mixed.Marlin)\n",  # guarded
        MODULE + "def aeon_pick():\n    return mixed.choose(None)\n",  # a function of the module, kept
    ],
    ids=["len", "shared-method", "own-binding", "isinstance-guarded", "kept-function"],
)
def test_twins_uses_either_kind_takes_stay_quiet(git_repo: GitRepo, tmp_path: Path, fork: str) -> None:
    assert _rows(git_repo, tmp_path, fork) == []


def test_a_table_whose_kind_upstream_kept_is_quiet(git_repo: GitRepo, tmp_path: Path) -> None:
    kept = BASE.replace("    Marlin,\n]", "    Marlin,\n    Machete,\n]")
    fork = MODULE + "def aeon_first() -> None:\n    mixed._POSSIBLE_KERNELS.insert(0, mixed.Marlin)\n"
    assert _rows(git_repo, tmp_path, fork, kept) == []


def test_the_fork_patching_the_table_s_own_module(git_repo: GitRepo, tmp_path: Path) -> None:
    """A fork line in the module itself, after the table: the merged module holds the dict."""
    fork = BASE + "\n\n_POSSIBLE_KERNELS.insert(0, Marlin)  # AEON: Marlin first on the Spark\n"
    base = {"vllm/__init__.py": "", "vllm/kernels/__init__.py": "", KERNELS: BASE}
    sides = three_way(git_repo, base, {KERNELS: fork}, {KERNELS: THEIRS})
    rows = found(audit(git_repo, sides, tmp_path), TYPE_DRIFT)
    assert [(path, severity) for path, _, severity in rows] == [(KERNELS, "error")]
