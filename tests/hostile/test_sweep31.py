"""Hostile-input sweep 31: the new code of the thirty-first landing under input shaped to break it.  An
``includeIf`` pattern built for the wildmatch on RE2 (a bracket full of ``[:``, a pattern of a million parts)
ends in time linear in the path, says nothing on stderr, and answers as git 2.39 does.  Real git, the real CLI."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from aeon_release.adapters.gitconditions import include_holds
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import audit, three_way
from tests.helpers import build_example, snapshot
from tests.hostile.conftest import git, run_limited
from tests.hostile.test_sweep30 import _audit, _git_follows, _include_if

pytestmark = pytest.mark.slow


# -- includeIf patterns: bounded, quiet, and git's answer ---------------------------------------------------------
# each: a pattern (after ``gitdir:``) of hundreds of kilobytes.  A bracket of ``[:`` with no ``]`` looked for its
# ``:]`` once per ``[:`` (160 CPU seconds for 600 kB); a pattern of a million parts was compiled whole, RE2 printed
# tens of thousands of log lines on stderr.
HUGE = {
    "a bracket of [: with no ]": "[" + "[:" * 200_000,
    "a million ?": "?" * 1_000_000,
}


@pytest.mark.parametrize("name", list(HUGE))
def test_a_huge_include_pattern_ends_quietly_in_time(tmp_path: Path, name: str) -> None:
    ex = build_example(tmp_path / "ex")
    target = tmp_path / "included.conf"
    target.write_text("[sweep]\n\tseen = yes\n")
    with (ex.fork / ".git" / "config").open("a") as config:
        config.write(_include_if("gitdir:" + HUGE[name], target))
    before = snapshot(ex.fork)
    run = run_limited(*_audit(ex, "--rev", "HEAD"), timeout=20)
    assert run.code == 0 and "Traceback" not in run.err, run.err[-2000:]
    assert "CoalesceWalker" not in run.err and "absl" not in run.err, run.err[-2000:]
    assert snapshot(ex.fork) == before


def test_a_class_is_read_to_the_next_close_as_git_reads_it(tmp_path: Path) -> None:
    """git reads ``[:`` in a bracket up to the next ``]``: a class only if a ``:`` is before it, else ``[`` is a
    member.  The pre-flight looked for the next ``:]`` wherever it was, read a class of ``a]1]/.gi[t`` and
    matched nothing where git matches."""
    home = tmp_path / "Home"
    repo = home / "r[1]"
    repo.mkdir(parents=True)
    subprocess.run(["git", "init", "-q", "-b", "main", str(repo)], check=True)
    top = str(home)
    conditions = [
        f"gitdir:{top}/r[[:a]1]/.gi[t:]",
        f"gitdir:{top}/r[[:]1]/.gi[t:]",
        f"gitdir:{top}/r[[:x][:]1]/.git",
        f"gitdir:{top}/r[[::]1]/.git",
        f"gitdir:{top}/r[[:digit:]x]/.gi[t:]",
        f"gitdir:{top}/r[[:a1]/.git",
        "onbranch:ma[[:a:]in",
        "onbranch:m[[:b]a]in:]",
    ]
    config = repo / ".git" / "config"
    for condition in conditions:
        assert _git_follows(repo, condition, tmp_path) is include_holds(
            f"includeif.{condition}.path", str(config), (str(repo / ".git"),), ("main",)
        ), condition
    assert git(repo, "symbolic-ref", "--short", "HEAD") == "main"


# -- a pull request's Python built to slip past the drift checks --------------------------------------------------
NT_BASE = "from typing import NamedTuple\n\n\nclass Desc(NamedTuple):\n    a: int\n    flag: bool\n"
NT_UP = NT_BASE.replace("    a: int\n", "    a: int\n    n: int\n")  # a field inserted before the flag
NT_READ = "from pkg.m import Desc\n\n\ndef f(d: Desc):\n    return d[1]\n"


def test_a_fork_file_whose_lines_end_in_a_bare_cr_is_audited(tmp_path: Path) -> None:
    """Python ends a line at a bare ``\\r``, git does not: a fork file written with ``\\r`` line ends was one
    added line to the diff, owned no line ``ast`` numbers, and its read of a renumbered field passed the gate.
    Its finding is the one of the same file written with ``\\n`` or ``\\r\\n``."""
    for number, ending in enumerate(("\r", "\r\n", "\n")):
        repo = GitRepo(tmp_path / f"repo{number}")
        base = {"pkg/__init__.py": "", "pkg/m.py": NT_BASE}
        fork = {**base, "pkg/use.py": NT_READ.replace("\n", ending)}
        sides = three_way(repo, base, fork, {**base, "pkg/m.py": NT_UP})
        report = audit(repo, sides, tmp_path / f"cfg{number}")
        got = [(f.path, f.line, f.severity.value) for f in report.findings if "Desc" in f.message]
        assert got == [("pkg/use.py", 5, "error")], (ending, got)
