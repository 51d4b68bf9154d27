"""Hostile-input sweep 19: a pull request's ways around the gate that sweep 18 left: a folder committed as a
symbolic link or a submodule in place of the files a rule reads, a forbidden name reached through an alias
or a string, a file past the parse cap under a coding cookie; and what runs against what was audited: the
build's context made by ``git archive``, which applies the commit's own ``.gitattributes`` (``export-subst``
wrote a commit subject into the code, ``export-ignore`` left a carried file out of the image).  Real git,
real processes; one line and a documented exit code, never a traceback."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.helpers import run_cli
from tests.hostile.conftest import config_with, git, make_repo

RULES = """rules:
  - id: t/never-as-strided
    kind: forbidden-call
    message: never re-stride
    paths: ["pkg/**/*.py"]
    calls: [as_strided]
"""
SCOPES = ((), ("--rev", "HEAD"), ("--changed-since", "HEAD~1"))


def _found(run: object) -> set[tuple[str, str, str]]:
    out = getattr(run, "out", "")
    return {(f["rule"], f["path"], f["severity"]) for f in json.loads(out)["findings"]}


def _pkg(tmp_path: Path) -> Path:
    """A fork whose ``pkg/`` the rule reads: ``pkg/__init__.py`` and ``pkg/sub/m.py``."""
    return make_repo(tmp_path / "repo", {"pkg/__init__.py": "x = 1\n", "pkg/sub/m.py": "x = 1\n"})


# -- a folder committed as a symbolic link or a submodule ------------------------------------------------------
def test_a_folder_committed_as_a_link_fails_the_gate(tmp_path: Path) -> None:
    """``pkg/sub`` replaced by a link to ``../third/`` (a folder no rule reads, or one outside the checkout):
    Python imports ``pkg.sub.m`` through it, the rule's ``pkg/**/*.py`` matched no file there, and the link
    was an ``audit/not-audited`` warning: the forbidden call passed, exit 0, in every scope."""
    repo = _pkg(tmp_path)
    git(repo, "rm", "-rq", "pkg/sub")
    (repo / "third").mkdir()
    (repo / "third" / "m.py").write_text("def f(t):\n    return t.as_strided(1)\n")
    os.symlink("../third", repo / "pkg" / "sub")
    os.symlink("/etc", repo / "pkg" / "etc")  # outside the checkout: the same
    make_repo(repo, {})
    config = config_with(tmp_path, RULES)
    for scope in SCOPES:
        run = run_cli("audit", "--repo", repo, "--config", config, *scope, "--format", "json")
        found = _found(run)
        assert run.code == 1 and ("audit/not-audited", "pkg/sub", "error") in found, (scope, found, run.err)
        assert ("audit/not-audited", "pkg/etc", "error") in found, (scope, found)


def test_a_link_no_rule_reads_under_stays_a_warning(tmp_path: Path) -> None:
    """A link outside every rule's paths, a link to a file of the tree (it holds no folder), and a folder
    under a rule's ``exclude``: nothing hidden, so a warning as before."""
    repo = _pkg(tmp_path)
    (repo / "docs").mkdir()
    (repo / "pkg" / "notes.txt").write_text("notes\n")
    os.symlink("../pkg", repo / "docs" / "pkg")
    os.symlink("notes.txt", repo / "pkg" / "NOTES")
    os.symlink("../docs", repo / "pkg" / "tests")
    make_repo(repo, {})
    rules = RULES.replace("calls: [as_strided]", 'calls: [as_strided]\n    exclude: ["pkg/tests/**"]')
    run = run_cli("audit", "--repo", repo, "--config", config_with(tmp_path, rules), "--format", "json")
    assert run.code == 0 and _found(run) == {
        ("audit/not-audited", "docs/pkg", "warning"),
        ("audit/not-audited", "pkg/NOTES", "warning"),
        ("audit/not-audited", "pkg/tests", "warning"),
    }, (_found(run), run.err)


def test_a_submodule_in_place_of_a_folder_fails_the_gate(tmp_path: Path) -> None:
    """A gitlink (``git submodule add``, or an index entry of mode 160000) at ``pkg/sub``: a checkout with
    ``submodules: true`` holds another repository's files there, which Python imports.  The audit left it
    out without a word (no finding, not even a warning), exit 0."""
    repo = _pkg(tmp_path)
    git(repo, "rm", "-rq", "pkg/sub")
    git(repo, "update-index", "--add", "--cacheinfo", f"160000,{git(repo, 'rev-parse', 'HEAD')},pkg/sub")
    git(repo, "commit", "-qm", "a submodule")
    (repo / "pkg" / "sub").mkdir()
    config = config_with(tmp_path, RULES)
    for scope in SCOPES:
        run = run_cli("audit", "--repo", repo, "--config", config, *scope, "--format", "json")
        found = _found(run)
        assert run.code == 1 and ("audit/not-audited", "pkg/sub", "error") in found, (scope, found, run.err)
    outside = run_cli("audit", "--repo", repo, "--config", config_with(tmp_path / "x"), "--format", "json")
    assert outside.code == 0 and ("audit/not-audited", "pkg/sub", "warning") in _found(outside), outside.out


@pytest.mark.parametrize(
    ("folder", "include", "exclude", "held"),
    [
        ("pkg/sub", ["pkg/**/*.py"], [], True),
        ("pkg", ["**/*.py"], [], True),
        ("pkg", ["pkg/runner.py"], [], True),
        ("p1", ["p?/*.py"], [], True),
        ("pkg/sub", ["pkg/*.py"], [], False),
        ("pkg", ["tests/*.py"], [], False),
        ("pkg", ["pkg"], [], False),
        ("tests/x", ["**/*.py"], ["tests/**"], False),
        ("tests/x", ["**/*.py"], ["tests/**.txt"], True),
    ],
)
def test_which_folders_a_rule_reads_under(folder: str, include: list[str], exclude: list[str], held: bool) -> None:
    from aeon_release.domain.audits.source import may_hold

    assert may_hold(folder, include, exclude) is held
