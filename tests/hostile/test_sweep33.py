"""Hostile-input sweep 33: a pull request's huge files under the merge-aware checks.  A file a side's diff
holds whole (a one-line module of tens of megabytes, two sides adding it) is left unread by the line checks
and named, in bounded time; a non-Python file so rewritten is a warning, never an error.  Real git, the
real CLI and the real audit."""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits import MergeSides, audit_tree
from tests.audits.conftest import GitRepo, config_without_rules
from tests.hostile.conftest import run_limited

pytestmark = pytest.mark.slow


def _sides(repo: GitRepo, path: str, ours: str, theirs: str) -> MergeSides:
    """base: one small module; ours and theirs each add ``path`` with their own text (no merge needed:
    the gate audits the three revisions a pull request names)."""
    base = repo.commit({"pkg/__init__.py": "", "pkg/m.py": "def f(x):\n    return x\n"}, "base")
    revs = []
    for name, text in (("ours", ours), ("theirs", theirs)):
        repo.git("switch", "--quiet", "-c", name, base)
        revs.append(repo.commit({path: text}, name))
    return MergeSides(repo.path, base, revs[0], revs[1])


def test_a_huge_one_line_module_both_sides_add_ends_in_bounded_time(tmp_path: Path) -> None:
    """Two sides each add a 24 MB one-line module: every line check of the merge-aware audit scanned the
    diffs' one line (a 48 MB pair cost 55 CPU seconds).  Now the diff over the parse cap is not walked:
    the module is named not audited, an error (what the gate did not read it cannot pass)."""
    repo = GitRepo(tmp_path / "repo")
    line = "x = [" + "1," * 12_000_000
    sides = _sides(repo, "pkg/big.py", line + "]\n", line + "2]\n")
    cfg = config_without_rules(tmp_path / "cfg")
    run = run_limited(
        "audit", "--repo", repo.path, "--config", cfg, "--format", "json",
        "--base", sides.base, "--ours", sides.ours, "--theirs", sides.theirs,
        timeout=15,
    )  # fmt: skip
    assert run.code == 1, run.err[-2000:]
    assert "Traceback" not in run.err
    assert '"pkg/big.py"' in run.out and "not-audited" in run.out


def test_a_non_python_file_rewritten_past_the_cap_is_a_warning_naming_it(tmp_path: Path) -> None:
    """A bundled script (upstream ships a 1.5 MB JavaScript bundle) both sides rewrote whole is not walked
    line by line either; it is named as unread, a warning: a real upgrade rewrites such a file, and no
    check of code drift reads it."""
    repo = GitRepo(tmp_path / "repo")
    lines = "".join(f"var a{i} = {i};\n" for i in range(120_000))  # ~2 MB over many lines
    sides = _sides(repo, "static/bundle.js", lines, lines.replace("var a7 ", "var b7 "))
    report = audit_tree(repo.path, config_without_rules(tmp_path / "cfg"), merge=sides)
    got = [(f.path, f.severity.value) for f in report.findings if f.rule_id == "audit/not-audited"]
    assert got == [("static/bundle.js", "warning")]


def test_an_unborn_head_says_it_has_no_commit_yet(tmp_path: Path) -> None:
    """``audit --rev HEAD`` in a repository just made (``git init``, nothing committed) said "revision 'HEAD'
    does not exist": HEAD exists, on a branch with no commit.  The line says so, and how to go on."""
    repo = GitRepo(tmp_path / "repo")
    cfg = config_without_rules(tmp_path / "cfg")
    run = run_limited("audit", "--repo", repo.path, "--rev", "HEAD", "--config", cfg, timeout=15)
    branch = repo.git("symbolic-ref", "--short", "HEAD")
    assert run.code == 2 and run.out == "", run.err
    [line] = run.err.strip().splitlines()
    assert f"HEAD is on branch '{branch}', which has no commit yet" in line, line
    assert "make a first commit" in line and "does not exist" not in line
