"""An inline suppression of a merge-aware finding, written on the fork branch, holds in `merge`.

Found on a vLLM v0.9.1 fork: a carry line reading a variable upstream removed got
`# aeon-audit: ignore[merge/symbol-drift, merge/name-drift] ...` on the fork branch.  Every plain
`audit` of the branch (the PR gate's too) then warned "suppression ... matches no finding: remove
it" (no merge-aware check runs there), and `merge` still stopped on the finding: its audit reads
only the merge's new content, so the comment in the fork's own file was never read.  `audit
--base/--ours/--theirs` of the same merge honoured it.
"""

from __future__ import annotations

from pathlib import Path

from tests.audits.conftest import GitRepo
from tests.helpers import run_cli

ENVS = "pkg/envs.py"
ENVS_BASE = """import os
from typing import TYPE_CHECKING, Any, Callable

if TYPE_CHECKING:
    APP_FAST: bool = False
    APP_OLD_KNOB: bool = False

environment_variables: dict[str, Callable[[], Any]] = {
    "APP_FAST": lambda: bool(int(os.getenv("APP_FAST", "0"))),
    "APP_OLD_KNOB": lambda: bool(int(os.getenv("APP_OLD_KNOB", "0"))),
}


def __getattr__(name: str):
    if name in environment_variables:
        return environment_variables[name]()
    raise AttributeError(name)
"""
ENVS_AFTER = ENVS_BASE.replace("    APP_OLD_KNOB: bool = False\n", "").replace(
    '    "APP_OLD_KNOB": lambda: bool(int(os.getenv("APP_OLD_KNOB", "0"))),\n', ""
)
TUNING = "pkg/aeon/tuning.py"
IGNORE = "  # aeon-audit: ignore[merge/symbol-drift, merge/name-drift] checked: the knob goes next release"


def _fork(tmp_path: Path, suppressed: bool) -> tuple[GitRepo, Path]:
    repo = GitRepo(tmp_path / "fork")
    repo.commit({"pkg/__init__.py": "", ENVS: ENVS_BASE}, "base")
    repo.git("tag", "v1.0.0")
    repo.git("checkout", "--quiet", "-b", "aeon-v1.0.0")
    tuning = "import pkg.envs as envs\n\n\ndef aeon_tuning_enabled() -> bool:\n    return envs.APP_OLD_KNOB\n"
    sha = repo.commit(
        {"pkg/aeon/__init__.py": "", TUNING: tuning.replace("KNOB\n", f"KNOB{IGNORE}\n", 1) if suppressed else tuning},
        "Tuning for our device",
    )
    repo.git("checkout", "--quiet", "-b", "upstream", "v1.0.0")
    repo.commit({ENVS: ENVS_AFTER}, "Remove an unused knob (#2)")
    repo.git("tag", "v1.1.0")
    repo.git("checkout", "--quiet", "aeon-v1.0.0")
    config = tmp_path / "cfg"
    (config / "audits").mkdir(parents=True)
    (config / "audits" / "tree.yaml").write_text(
        "rules:\n- {id: tree/py-compile, kind: py-compile, message: a Python file does not compile}\n"
    )
    (config / "fleet.yaml").write_text("branch_prefix: aeon-\nimage:\n  repository: ghcr.io/me/fork\n")
    (config / "carries.yaml").write_text(
        "carries:\n- id: tuning\n  title: Tuning\n  status: active\n"
        f"  commits: [{sha}]\n  markers:\n  - {{path: {TUNING}, text: def aeon_tuning_enabled}}\n"
    )
    return repo, config


def test_a_suppression_on_the_fork_branch_holds_in_the_merge(tmp_path: Path) -> None:
    repo, config = _fork(tmp_path, suppressed=True)
    # the branch's own audit runs no merge-aware check: the suppression is not "unused" there
    plain = run_cli("audit", "--repo", repo.path, "--config", config)
    assert plain.code == 0 and "suppression/unused" not in plain.out, plain.out
    merged = run_cli("merge", "v1.1.0", "--repo", repo.path, "--config", config)
    assert merged.code == 0, merged.out + merged.err
    assert f"suppressed (checked: the knob goes next release): {TUNING}:5: [merge/symbol-drift]" in merged.out
    assert "suppression/unused" not in merged.out


def test_without_it_the_merge_stops(tmp_path: Path) -> None:
    repo, config = _fork(tmp_path, suppressed=False)
    merged = run_cli("merge", "v1.1.0", "--repo", repo.path, "--config", config)
    assert merged.code == 1 and f"error: {TUNING}:5: [merge/symbol-drift]" in merged.out, merged.out
