"""`merge/near-miss` says whether git stopped on a conflict there: read the audit's table."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.audits.conftest import GitRepo
from tests.helpers import run_cli

BODY = "".join(f"    step{i} = {i}\n" for i in range(8))
BASE = f"def prepare(x):\n{BODY}    return x\n"


def _merge(
    tmp_path: Path, ours: str, theirs: str, resolved: str | None, base_text: str = BASE
) -> tuple[GitRepo, list[str], Path]:
    repo = GitRepo(tmp_path / "repo")
    base = repo.commit({"m.py": base_text}, "base")
    repo.git("checkout", "--quiet", "-b", "upstream")
    up = repo.commit({"m.py": theirs}, "upstream")
    repo.git("checkout", "--quiet", "main")
    fork = repo.commit({"m.py": ours}, "fork")
    clean = repo.git("merge", "--no-edit", "--quiet", "upstream", check=False) == "" and resolved is None
    if not clean:
        (repo.path / "m.py").write_text(resolved or "")
        repo.git("commit", "--quiet", "-am", "resolved by hand")
    config = tmp_path / "cfg"
    (config / "audits").mkdir(parents=True)
    (config / "audits" / "none.yaml").write_text("rules: []\n")
    return repo, ["--base", base, "--ours", fork, "--theirs", up], config


def test_near_miss_that_git_merged_silently(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    ours = BASE.replace("    step1 = 1\n", "    step1 = 1  # fork\n")
    theirs = BASE.replace("    step4 = 4\n", "    step4 = 44\n")
    repo, sides, config = _merge(tmp_path, ours, theirs, None)
    result = run_cli("audit", "--repo", repo.path, "--config", config, *sides)
    assert "merge/near-miss" in result.out and "git merged it without a conflict" in result.out


def test_near_miss_that_conflicted_says_so(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    ours = BASE.replace("    step3 = 3\n", "    step3 = 30\n")
    theirs = BASE.replace("    step3 = 3\n", "    step3 = 33\n")
    resolved = BASE.replace("    step3 = 3\n", "    step3 = 33\n    step3b = 30\n")
    repo, sides, config = _merge(tmp_path, ours, theirs, resolved)
    result = run_cli("audit", "--repo", repo.path, "--config", config, *sides)
    assert "merge/near-miss" in result.out
    assert "git stopped on a conflict here and it was resolved by hand" in result.out
    assert "without a conflict" not in result.out


def test_a_function_with_one_conflict_among_other_changes_says_git_stopped(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """vLLM v0.10.0 onto a fork's `get_attn_backend_cls` patch: upstream changed that function in nine
    places, one of them where the fork's lines sat. git stopped there and a person resolved it; the
    warning showed upstream's first hunk of the function and said "git merged it without a conflict".
    It shows the pair git stopped on."""
    body = "".join(f"    step{i} = {i}\n" for i in range(30))
    base = f"def prepare(x):\n{body}    return x\n"
    ours = base.replace("    step20 = 20\n", "    step20 = 200  # fork\n")
    theirs = base.replace("    step1 = 1\n", "    step1 = 11\n").replace("    step20 = 20\n", "    step20 = 22\n")
    resolved = theirs.replace("    step20 = 22\n", "    step20 = 22\n    step20b = 200  # fork\n")
    repo, sides, config = _merge(tmp_path, ours, theirs, resolved, base)
    result = run_cli("audit", "--repo", repo.path, "--config", config, *sides)
    assert "merge/near-miss" in result.out and "(and 1 more hunk pair(s) here)" in result.out, result.out
    assert "git stopped on a conflict here and it was resolved by hand" in result.out
    assert "without a conflict" not in result.out and "+step20 = 22" in result.out


def test_a_region_git_merged_cleanly_where_merge_file_would_stop_says_merged(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """git's merge (ort) diffs with histogram, ``git merge-file`` with Myers, and they disagree on lines
    that repeat: a ROCm kernel file git merged cleanly was three conflicts to ``merge-file`` of the file
    alone, so its near misses said "resolved by hand" where nobody had.  The audit asks git's own merge."""
    step, end = "  step();\n", "}\n"
    repo = GitRepo(tmp_path / "repo")
    base = repo.commit({"k.cu": step + step + end + end}, "base")  # lines that repeat: the two diffs differ
    repo.git("checkout", "--quiet", "-b", "upstream")
    up = repo.commit({"k.cu": step + step + step + end}, "upstream")
    repo.git("checkout", "--quiet", "main")
    fork = repo.commit({"k.cu": "{\n" + step + end}, "fork")
    repo.git("merge", "--no-edit", "--quiet", "upstream")  # clean: check=True
    config = tmp_path / "cfg"
    (config / "audits").mkdir(parents=True)
    (config / "audits" / "none.yaml").write_text("rules: []\n")
    result = run_cli("audit", "--repo", repo.path, "--config", config, "--base", base, "--ours", fork, "--theirs", up)
    assert "merge/near-miss" in result.out and "git merged it without a conflict" in result.out, result.out
    assert "resolved by hand" not in result.out


def test_a_linked_scratch_folder_is_refused_not_written_through(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """The near-miss check builds throwaway trees in a private index under ``aeon-release/scratch`` in
    the git directory.  A symbolic link there took that index (and git's lock beside it) outside the
    repository, where the run's state folders already refused a link: one line names it, nothing is
    written through it."""
    ours = BASE.replace("    step1 = 1\n", "    step1 = 1  # fork\n")
    theirs = BASE.replace("    step4 = 4\n", "    step4 = 44\n")
    repo, sides, config = _merge(tmp_path, ours, theirs, None)
    outside = tmp_path / "outside"
    outside.mkdir()
    state = repo.path / ".git" / "aeon-release"
    state.mkdir(exist_ok=True)
    (state / "scratch").symlink_to(outside)
    result = run_cli("audit", "--repo", repo.path, "--config", config, *sides)
    assert result.code == 2 and "scratch: is a symbolic link" in result.err, result.err
    assert list(outside.iterdir()) == []
