"""A star import of a module upstream moved or removed is an error on its own line.

#47750 (vLLM 60915c972c) moved ``vllm/multimodal/evs.py`` into ``video_prune/``.  A fork module that re-exports
it with ``from vllm.multimodal.evs import *`` fails at that import whether or not it uses a name of it, yet
symbol drift skipped star imports and only reported the starred names' uses (none, in a re-exporting
``__init__``).  Twins: a star import of a kept module, of the new home, and one under ``except ImportError``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.drift.symbols import RULE as DRIFT
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, three_way

OLD = "pkg/mm/evs.py"
EVS = "def kept_count(tokens: int, frames: int, q: float) -> int:\n    return int(tokens * frames * (1 - q))\n"
BASE = {"pkg/__init__.py": "", "pkg/mm/__init__.py": "X = 1\n", "pkg/mm/other.py": "Y = 2\n", OLD: EVS}
MOVED = {OLD: None, "pkg/mm/prune/__init__.py": "", "pkg/mm/prune/evs.py": EVS}


def _errors(git_repo: GitRepo, tmp_path: Path, path: str, fork: str) -> list[tuple[str, int, str]]:
    sides = three_way(git_repo, BASE, {"pkg/fork/__init__.py": "", path: fork}, MOVED)
    return [f for f in found(audit(git_repo, sides, tmp_path), DRIFT) if f[2] == "error" and f[0] == path]


@pytest.mark.parametrize(
    ("path", "fork"),
    [
        ("pkg/fork/evs_all.py", "from pkg.mm.evs import *  # noqa: F403\n"),
        ("pkg/mm/fork_all.py", "X_ALL = 1\nfrom .evs import *  # noqa: F403\n"),
    ],
    ids=["an absolute star import", "a relative star import"],
)
def test_a_star_import_of_a_moved_module_is_an_error_on_its_line(
    git_repo: GitRepo, tmp_path: Path, path: str, fork: str
) -> None:
    line = next(i for i, text in enumerate(fork.splitlines(), 1) if "import *" in text)
    assert _errors(git_repo, tmp_path, path, fork) == [(path, line, "error")]


@pytest.mark.parametrize(
    "fork",
    [
        "from pkg.mm.other import *  # noqa: F403\n",
        "from pkg.mm import *  # noqa: F403\n",
        "try:\n    from pkg.mm.evs import *  # noqa: F403\nexcept ImportError:\n    pass\n",
        "try:\n    from pkg.mm.prune.evs import *  # noqa: F403\nexcept ImportError:\n    from pkg.mm.evs import *  # noqa: F403\n",
    ],
    ids=["a kept module", "a kept package", "an optional star import", "the old path as a fallback"],
)
def test_twin_a_star_import_that_still_resolves_or_is_guarded_is_quiet(
    git_repo: GitRepo, tmp_path: Path, fork: str
) -> None:
    assert _errors(git_repo, tmp_path, "pkg/fork/evs_all.py", fork) == []
