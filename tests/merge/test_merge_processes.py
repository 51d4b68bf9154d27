"""The git processes a merge starts: none asks what the run already knows (benchmarks/merge_cpu.md)."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Sequence
from pathlib import Path

import pytest

from aeon_release.adapters import git as git_mod
from aeon_release.commands import demo_repo as demo
from tests.helpers import git, run_cli


def _counted(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, ...]]:
    """Every git command the adapter runs from now on (its fixed ``-c`` options left out)."""
    asked: list[tuple[str, ...]] = []
    real = git_mod._run_git

    def run(args: Sequence[str], **kwargs: object) -> subprocess.CompletedProcess[bytes]:
        asked.append(tuple(args))
        return real(args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(git_mod, "_run_git", run)
    return asked


def _merge(ex: demo.Example, *extra: str) -> dict[str, object]:
    result = run_cli("merge", "v0.29.0", "--repo", ex.fork, "--config", ex.config, "--json", *extra)
    assert result.code == 0, result.err
    return dict(json.loads(result.out))


def test_a_merge_asks_git_no_ancestry_its_merge_base_answers(
    example: demo.Example, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Is the tag in the fork branch already?  On the branch as the plan found it, the plan's merge base says so
    (the tag is an ancestor exactly when it is the merge base): `merge-base --is-ancestor TAG BRANCH` was one git
    process of every merge."""
    asked = _counted(monkeypatch)
    report = _merge(example)
    assert report["state"] == "done"
    tag, previous = report["tag_sha"], report["previous_sha"]
    assert not [a for a in asked if "--is-ancestor" in a and a[-2:] == (tag, previous)], asked
    assert git(example.fork, "merge-base", "--is-ancestor", "v0.29.0", str(report["branch_sha"])) == ""


def test_a_tag_the_fork_branch_has_already_is_still_nothing_to_merge(
    example: demo.Example, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The twin: the fork branch already holds the tag (merged by hand): the merge base is the tag, nothing is
    merged, and nothing is refused."""
    git(example.fork, "merge", "-q", "--no-edit", "v0.29.0")  # the checkout is the fork branch
    (example.config / "cherry_picks.yaml").write_text("releases: {}\n")  # its range has no PR to pick
    asked = _counted(monkeypatch)
    report = _merge(example)
    assert report["state"] == "done" and report["merge_base"] == report["tag_sha"]
    assert not [a for a in asked if "--is-ancestor" in a and a[-2:] == (report["tag_sha"], report["previous_sha"])]


def _shows(asked: list[tuple[str, ...]], sha: str) -> list[tuple[str, ...]]:
    return [a for a in asked if "show" in a and a[-1] == sha]


def test_a_carry_commit_is_shown_once_a_plan(example: demo.Example, monkeypatch: pytest.MonkeyPatch) -> None:
    """The plan read each carry commit's patch twice, `show -U0 --no-renames` for the lines it adds (is it in
    upstream's diff?) and `show -U3` for its review: the lines a diff adds do not depend on its context, so
    the -U3 patch answers both (one git process a carry commit, the plan's chain)."""
    asked = _counted(monkeypatch)
    report = _merge(example, "--dry-run")
    carries = [str(c["id"]) for c in report["carries"]]  # type: ignore[union-attr]
    assert carries
    commits = [a[-1] for a in asked if "show" in a]
    assert commits and all(len(_shows(asked, sha)) == 1 for sha in commits), asked


def test_a_carry_commit_that_renames_a_file_still_counts_the_lines_without_renames(
    example: demo.Example, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The twin: a carry commit whose -U3 patch shows a rename (git's rename detection is on by default) adds,
    without renames, the whole file: its lines are read as before, from `show -U0 --no-renames`."""
    fork = example.fork
    tracked = git(fork, "ls-files", "*.py").splitlines()[0]
    git(fork, "mv", tracked, tracked + ".moved.py")
    git(fork, "commit", "-qm", "move a module")
    sha = git(fork, "rev-parse", "HEAD")
    carries = example.config / "carries.yaml"
    text = carries.read_text()
    carries.write_text(text + f"  - id: mover\n    title: mover\n    status: active\n    commits: [{sha}]\n")
    asked = _counted(monkeypatch)
    _merge(example, "--dry-run")
    shows = _shows(asked, sha)
    assert [a for a in shows if "-U3" in a] and [a for a in shows if "-U0" in a and "--no-renames" in a], asked


def test_upstream_diff_of_the_carries_files_is_one_git_diff(
    example: demo.Example, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each carry asked upstream's diff for the files it adds lines to, a git process a carry; the plan reads
    the carries' patches first and asks for all their files at once: the same evidence, one process."""
    asked = _counted(monkeypatch)
    report = _merge(example, "--dry-run")
    assert len(report["carries"]) >= 2  # type: ignore[arg-type]
    base, tag = str(report["merge_base"]), str(report["tag_sha"])
    limited = [a for a in asked if "diff" in a and a[a.index("diff") :][-1] != tag and (base, tag) == _ends(a)]
    assert len(limited) == 1, limited


def _ends(args: tuple[str, ...]) -> tuple[str, ...]:
    """The two revisions of a path-limited ``git diff A B -- PATHS``."""
    return args[args.index("--") - 2 : args.index("--")] if "--" in args else ()


_PREFLIGHT = (
    ("var", "GIT_AUTHOR_IDENT"),
    ("var", "GIT_COMMITTER_IDENT"),
    ("config", "-z", "--get-regexp"),
    ("rev-parse", "--path-format=absolute", "--git-path", "hooks"),
    ("config", "--type=bool", "--get", "commit.gpgSign"),
)


def _index(asked: list[tuple[str, ...]], words: tuple[str, ...]) -> list[int]:
    n = len(words)
    return [i for i, a in enumerate(asked) if any(a[j : j + n] == words for j in range(len(a)))]


def test_the_preflight_questions_are_asked_while_the_plan_runs_once_each(
    example: demo.Example, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The identities, the merge settings, the hooks' folder and commit signing were each a git process the run
    waited on in turn after the plan; they are asked together while the plan walks upstream, each once."""
    asked = _counted(monkeypatch)
    _merge(example)
    walk = _index(asked, ("log", "--format=%H%x00%P%x00%s"))
    assert walk, asked
    for words in _PREFLIGHT:
        found = _index(asked, words)
        assert len(found) == 1 and found[0] < walk[0], (words, asked)


def test_a_dry_run_asks_nothing_about_commits_ahead(example: demo.Example, monkeypatch: pytest.MonkeyPatch) -> None:
    """The twin: a dry run makes no commit: no hooks' folder, no signing, no version asked for it."""
    asked = _counted(monkeypatch)
    _merge(example, "--dry-run")
    assert not _index(asked, _PREFLIGHT[3]) and not _index(asked, _PREFLIGHT[4]) and not _index(asked, ("version",))


def _listings(log: Path, rev: str) -> list[str]:
    """The ``git ls-tree --long`` processes of ``rev`` in a GIT_TRACE log (every process the run started)."""
    return [line for line in log.read_text().splitlines() if "ls-tree" in line and "--long" in line and rev in line]


def test_the_merged_revision_is_listed_once_for_both_processes(
    example: demo.Example, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The merge's audit and its checks' process (the sidecar) each ran `git ls-tree -r --long` of the merged
    revision; the first leaves its listing under the tree's id in the findings cache's folder and the other
    takes it (perf44): one git process, counted in git's own trace of every process of the run."""
    log = tmp_path / "trace.log"
    monkeypatch.setenv("GIT_TRACE", str(log))
    report = _merge(example)
    assert report["state"] == "done"
    assert len(_listings(log, str(report["branch_sha"]))) == 1, _listings(log, str(report["branch_sha"]))


def test_a_damaged_shared_listing_is_listed_again(example: demo.Example, tmp_path: Path) -> None:
    """The twin: a listing file that is not one (cut short, of other rows) is a miss, never a tree: git lists the
    revision, and the file is written anew."""
    from aeon_release.domain.audits import GitTree

    share = tmp_path / "share"
    first = GitTree(example.fork, "HEAD", share=share)
    files = first.files()
    [kept] = share.glob("listing-*.json")
    for damaged in ('{"rows": [["a", "100644"]]}', "{", '{"rows": [["a", "100644", "0", "1"]]}'):
        kept.write_text(damaged)
        assert GitTree(example.fork, "HEAD", share=share).files() == files
        assert kept.read_text() != damaged
