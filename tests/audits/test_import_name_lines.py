"""A removed name in a parenthesised import is reported on the name's own line.

#48261 merged ``PrefillSpeculatorCudaGraphManager`` and ``DecodeSpeculatorCudaGraphManager`` into one
``SpeculatorCudaGraphManager``; a fork importing the old name inside ``from m import (\\n    Old,\\n)`` got its
error on the ``from`` line, not on the line that names what broke.  Twins: a kept name in the same
parenthesised import stays quiet, and a one-line import keeps its line.
"""

from __future__ import annotations

from pathlib import Path

from aeon_release.domain.audits.drift.symbols import RULE as DRIFT
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, found, line_of, three_way

GRAPHS = "pkg/spec/graphs.py"
BEFORE = (
    "class GraphManager:\n    pass\n\n\n"
    "class PrefillGraphManager(GraphManager):\n    pass\n\n\n"
    "class DecodeGraphManager(GraphManager):\n    pass\n"
)
MERGED = "class GraphManager:\n    pass\n\n\nclass SpecGraphManager(GraphManager):\n    pass\n"
FORK = "pkg/fork/graphs.py"
BASE = {"pkg/__init__.py": "", "pkg/spec/__init__.py": "", "pkg/fork/__init__.py": "", GRAPHS: BEFORE}


def _errors(git_repo: GitRepo, tmp_path: Path, fork: str) -> list[tuple[str, int, str]]:
    sides = three_way(git_repo, BASE, {FORK: fork}, {GRAPHS: MERGED})
    return [f for f in found(audit(git_repo, sides, tmp_path), DRIFT) if f[2] == "error"]


def test_a_removed_name_in_a_parenthesised_import_is_on_its_line(git_repo: GitRepo, tmp_path: Path) -> None:
    fork = (
        "from pkg.spec.graphs import (\n    GraphManager,\n    DecodeGraphManager,\n)\n\n\n"
        "class Mine(DecodeGraphManager):\n    pass\n"
    )
    errors = _errors(git_repo, tmp_path, fork)
    assert (FORK, line_of(fork, "    DecodeGraphManager,"), "error") in errors
    assert (FORK, 1, "error") not in errors  # twin: the kept GraphManager on its own line stays quiet too
    assert (FORK, line_of(fork, "    GraphManager,"), "error") not in errors


def test_twin_a_one_line_import_keeps_its_line(git_repo: GitRepo, tmp_path: Path) -> None:
    fork = "from pkg.spec.graphs import DecodeGraphManager\n\n\nclass Mine(DecodeGraphManager):\n    pass\n"
    assert (FORK, 1, "error") in _errors(git_repo, tmp_path, fork)


def test_twin_a_kept_name_in_a_parenthesised_import_is_quiet(git_repo: GitRepo, tmp_path: Path) -> None:
    fork = "from pkg.spec.graphs import (\n    GraphManager,\n)\n\n\nclass Mine(GraphManager):\n    pass\n"
    assert _errors(git_repo, tmp_path, fork) == []


def test_twin_a_parenthesised_import_under_try_import_error_stays_optional(git_repo: GitRepo, tmp_path: Path) -> None:
    """The optional-import guard covers every line of the import, not only its ``from`` line."""
    fork = (
        "try:\n    from pkg.spec.graphs import (\n        GraphManager,\n        DecodeGraphManager,\n    )\n"
        "except ImportError:\n    DecodeGraphManager = None\n"
    )
    assert _errors(git_repo, tmp_path, fork) == []


def _all(git_repo: GitRepo, tmp_path: Path, fork: str) -> list[tuple[str, int, str, str | None]]:
    sides = three_way(git_repo, BASE, {FORK: fork}, {GRAPHS: MERGED})
    findings = audit(git_repo, sides, tmp_path).findings
    return [(f.rule_id, f.line, f.severity.value, f.suppressed) for f in findings if f.path == FORK]


def test_twin_a_suppression_on_the_from_line_still_covers_the_names(git_repo: GitRepo, tmp_path: Path) -> None:
    """A fork's suppression written when the finding sat on the ``from`` line covers the whole statement:
    moving the finding to the name's line must not turn it into a blocking error and an unused suppression."""
    fork = (
        "from pkg.spec.graphs import (  # aeon-audit: ignore[merge/symbol-drift] loaded by our plugin shim\n"
        "    GraphManager,\n    DecodeGraphManager,\n)\n"
    )
    got = _all(git_repo, tmp_path, fork)
    assert (DRIFT, 3, "error", "loaded by our plugin shim") in got
    assert [f for f in got if f[3] is None] == []  # nothing unsuppressed, no suppression/unused


def test_twin_a_suppression_above_the_import_covers_the_names(git_repo: GitRepo, tmp_path: Path) -> None:
    fork = (
        "# aeon-audit: ignore[merge/symbol-drift] loaded by our plugin shim\n"
        "from pkg.spec.graphs import (\n    GraphManager,\n    DecodeGraphManager,\n)\n"
    )
    assert [f for f in _all(git_repo, tmp_path, fork) if f[3] is None] == []
