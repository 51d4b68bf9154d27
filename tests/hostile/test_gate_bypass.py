"""Class 1: the pull-request gate cannot be walked around (names git quotes, vendored folders, empty configs)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from aeon_release.adapters.git import diff_zero_context
from aeon_release.domain.audits.merge import parse_diff
from tests.hostile.conftest import config_with, git, make_repo, run_limited

BROKEN = "def f(:\n" + "<" * 7 + " HEAD\nx = 1\n"
# Every kind of name `git diff --name-only` would quote (and so hide from a line-based parser).
QUOTED_NAMES = ["vllm/modèle.py", 'we"ird.py', "tab\there.py", "back\\slash.py", "new\nline.py", "sp ace.py"]


def _sarif_paths(path: Path) -> set[str]:
    import urllib.parse

    log = json.loads(path.read_text())
    return {
        urllib.parse.unquote(r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"])
        for r in log["runs"][0]["results"]
        if r["level"] == "error"
    }


@pytest.mark.parametrize("name", QUOTED_NAMES)
def test_a_changed_file_git_quotes_is_audited(tmp_path: Path, name: str) -> None:
    repo = make_repo(tmp_path / "repo", {"ok.py": "x = 1\n"})
    base = git(repo, "rev-parse", "HEAD")
    make_repo(repo, {name: BROKEN})

    done = run_limited(
        "audit",
        "--repo",
        ".",
        "--config",
        config_with(tmp_path),
        "--changed-since",
        base,
        "--format",
        "sarif",
        "--output",
        "aeon-audit.sarif",
        cwd=repo,
    )

    assert done.code == 1, done.err
    assert _sarif_paths(repo / "aeon-audit.sarif") == {name}


@pytest.mark.parametrize("folder", ["node_modules", "__pycache__", ".venv", ".tox", ".mypy_cache"])
def test_tracked_files_in_vendored_folders_are_audited(tmp_path: Path, folder: str) -> None:
    repo = make_repo(tmp_path / "repo", {f"{folder}/pkg/mod.py": BROKEN})
    for extra in ([], ["--rev", "HEAD"]):
        done = run_limited("audit", "--repo", repo, "--config", config_with(tmp_path), "--format", "json", *extra)
        assert done.code == 1, done.err
        assert {f["path"] for f in json.loads(done.out)["findings"] if f["severity"] == "error"} == {
            f"{folder}/pkg/mod.py"
        }


@pytest.mark.parametrize("rules", ["", "rules: []\n"])
def test_a_config_without_rules_still_runs_the_baseline(tmp_path: Path, rules: str) -> None:
    repo = make_repo(tmp_path / "repo", {"serve.yaml": "port: 1\n" + "<" * 7 + " HEAD\n", "m.py": "x = (\n"})
    done = run_limited("audit", "--repo", repo, "--config", config_with(tmp_path, rules), "--format", "json")

    report = json.loads(done.out)
    assert done.code == 1
    assert {(f["rule"], f["path"]) for f in report["findings"] if f["severity"] == "error"} == {
        ("baseline/conflict-markers", "serve.yaml"),
        ("baseline/py-compile", "m.py"),
    }
    assert any(f["rule"] == "audit/config" and "no rules of its own" in f["message"] for f in report["findings"])


def test_a_config_folder_without_audits_is_refused(tmp_path: Path) -> None:
    repo = make_repo(tmp_path / "repo", {"m.py": "x = (\n"})
    (tmp_path / "wrong").mkdir()
    done = run_limited("audit", "--repo", repo, "--config", tmp_path / "wrong")
    assert done.code == 2 and "no audits folder" in done.err


def test_exclusions_are_listed_in_the_report(tmp_path: Path) -> None:
    rules = (
        "rules:\n  - id: tree/py-compile\n    kind: py-compile\n    message: compiles\n"
        "    exclude: ['third_party/**']\n"
    )
    repo = make_repo(tmp_path / "repo", {"third_party/gen.py": "x = (\n", "m.py": "x = 1\n"})
    done = run_limited("audit", "--repo", repo, "--config", config_with(tmp_path, rules), "--format", "json")

    report = json.loads(done.out)
    assert done.code == 0
    assert report["exclusions"] == [{"rule": "tree/py-compile", "exclude": ["third_party/**"], "files": 1}]
    assert "1 file(s) excluded by the config" in done.err


def test_merge_audit_diffs_keep_every_name(tmp_path: Path) -> None:
    names = [n for n in QUOTED_NAMES if n.endswith(".py")]
    repo = make_repo(tmp_path / "repo", {name: "x = 1\n" for name in names})
    base = git(repo, "rev-parse", "HEAD")
    make_repo(repo, {name: "x = 2\n" for name in names})
    # A changed line that str.splitlines() would cut into a forged file header.
    make_repo(repo, {"ok.py": "s = 'a\x0cdiff --git a/evil b/evil\x0c+++ b/evil.py'\n"})

    hunks = parse_diff(diff_zero_context(repo, base, "HEAD"))

    assert set(hunks) == {*names, "ok.py"}
