"""Hostile-input sweep 32: the repository and the git environment the tool runs in.  The repository's config
setting how git prints and labels messages, and refs that lead elsewhere (a symbolic ref standing at the name of
the branch a merge makes).  Real git, the real CLI."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import build_example, snapshot
from tests.hostile.conftest import config_with, git, make_repo, run_limited

pytestmark = pytest.mark.slow


def _merge(ex: object, *more: str) -> tuple[str | Path, ...]:
    return ("merge", "v0.29.0", "--no-fetch", "--repo", ex.fork, "--config", ex.config, *more)  # type: ignore[attr-defined]


# -- config that changes what git prints to the tool ---------------------------------------------------------------
def test_the_log_output_encoding_of_the_config_changes_nothing_the_merge_reads(tmp_path: Path) -> None:
    """``i18n.logOutputEncoding`` re-encodes every message ``git log`` prints: under ``UTF-16`` (a value git takes)
    the merge read no subject, found no upstream commit ending in ``(#52816)`` and refused the demo's pick, exit 2,
    where the same merge without it passes.  The tool asks git for UTF-8 whatever the config says; git's own
    ``git log`` at the terminal still prints as the person set it."""
    ex = build_example(tmp_path / "ex")
    git(ex.fork, "config", "i18n.logOutputEncoding", "UTF-16")
    run = run_limited(*_merge(ex), timeout=60)
    assert run.code == 0 and "Traceback" not in run.err, run.err[-800:]
    assert "#52816 │ applied" in run.out, run.out
    assert git(ex.fork, "rev-parse", "--verify", "refs/heads/aeon-v0.29.0")


def test_the_commit_encoding_of_the_config_does_not_label_the_tools_utf8_commits(tmp_path: Path) -> None:
    """The tool writes its commit messages in UTF-8 (``git commit-tree``); ``i18n.commitEncoding=ISO-8859-1``
    labelled each commit the merge made ``encoding ISO-8859-1``, so every git that prints them converts the UTF-8
    bytes from Latin-1 (``café`` read ``cafÃ©``).  The commits the merge makes carry no encoding header."""
    ex = build_example(tmp_path / "ex")
    git(ex.fork, "config", "i18n.commitEncoding", "ISO-8859-1")
    run = run_limited(*_merge(ex), timeout=60)
    assert run.code == 0 and "Traceback" not in run.err, run.err[-800:]
    made = git(ex.fork, "rev-list", "refs/tags/v0.29.0..refs/heads/aeon-v0.29.0", "^refs/heads/aeon-v0.27.1")
    assert made.split(), "the merge made no commit"
    for sha in made.split():
        header = git(ex.fork, "cat-file", "commit", sha).split("\n\n", 1)[0]
        assert "\nencoding " not in header, (sha, header)
    assert snapshot(ex.fork)[1] == "aeon-v0.27.1"


# -- the branch the merge makes: what stands at its name ------------------------------------------------------------
def _symbolic_ref(fork: Path) -> None:
    git(fork, "symbolic-ref", "refs/heads/aeon-v0.29.0", "refs/heads/elsewhere")


def _branch_below(fork: Path) -> None:
    git(fork, "branch", "aeon-v0.29.0/wip")


def _branch_below_packed(fork: Path) -> None:
    git(fork, "branch", "aeon-v0.29.0/wip")
    git(fork, "pack-refs", "--all")


def _unreadable_ref(fork: Path) -> None:
    (fork / ".git" / "refs" / "heads" / "aeon-v0.29.0").write_text("not an object id\n")


def _gone_commit(fork: Path) -> None:
    (fork / ".git" / "refs" / "heads" / "aeon-v0.29.0").write_text("12" * 20 + "\n")


def _lock_file(fork: Path) -> None:
    (fork / ".git" / "refs" / "heads" / "aeon-v0.29.0.lock").write_text("")


# each: what stands at refs/heads/aeon-v0.29.0 (or beside it), and the words git's reason holds
OBSTACLES = {
    "a symbolic ref to a branch that does not exist": (_symbolic_ref, "is a symbolic ref to refs/heads/elsewhere"),
    "a branch aeon-v0.29.0/wip": (_branch_below, "'refs/heads/aeon-v0.29.0/wip' exists"),
    "a packed branch aeon-v0.29.0/wip": (_branch_below_packed, "'refs/heads/aeon-v0.29.0/wip' exists"),
    "a ref of no object id": (_unreadable_ref, "reference broken"),
    "a ref to a commit that is gone": (_gone_commit, "reference already exists"),
    "another git's lock file": (_lock_file, "aeon-v0.29.0.lock exists"),
}


@pytest.mark.parametrize("obstacle", list(OBSTACLES))
def test_a_branch_git_cannot_make_is_refused_before_the_merge_works(tmp_path: Path, obstacle: str) -> None:
    """The merge's last step creates the fork branch (``update-ref`` with an old value of zeros); what git refuses
    there it found only when the merge was done: a branch ``aeon-v0.29.0/wip`` (a ref and a folder of one name), a
    ref file git cannot read, a ref to a commit that is gone, a lock file left by another git.  The run stopped at
    its end ("cannot lock ref"), its hint a full disk.  A symbolic ref at the name was worse: ``branch_sha`` found no
    commit, ``update-ref`` wrote through it, created ``refs/heads/elsewhere`` (a branch nobody asked for) and the run
    said "created aeon-v0.29.0", exit 0.  Each is one line before any work (no run state), naming the ref; git
    prepares the very transaction and drops it, running no hook; the create itself replaces a symbolic ref
    (``--no-deref``), never writes through one.  The same merge passes once the obstacle is gone."""
    make, reason = OBSTACLES[obstacle]
    ex = build_example(tmp_path / "ex")
    make(ex.fork)
    before = snapshot(ex.fork)
    run = run_limited(*_merge(ex), timeout=60)
    assert run.code == 2 and "Traceback" not in run.err, run.err[-800:]
    [line] = run.err.strip().splitlines()
    assert line.startswith("error: ") and reason in line and "refs/heads/aeon-v0.29.0" in line, line
    assert not (ex.fork / ".git" / "aeon-release" / "runs" / "v0.29.0").exists()
    assert snapshot(ex.fork) == before
    assert not (ex.fork / ".git" / "refs" / "heads" / "elsewhere").exists()
    if obstacle.endswith("aeon-v0.29.0/wip"):
        git(ex.fork, "branch", "-D", "aeon-v0.29.0/wip")
    for leftover in ("aeon-v0.29.0", "aeon-v0.29.0.lock"):
        if (ex.fork / ".git" / "refs" / "heads" / leftover).is_file():
            (ex.fork / ".git" / "refs" / "heads" / leftover).unlink()
    again = run_limited(*_merge(ex), timeout=60)
    assert again.code == 0, again.err[-800:]
    assert git(ex.fork, "cat-file", "-t", "refs/heads/aeon-v0.29.0") == "commit"


# -- objects as stored, whatever the config says ------------------------------------------------------------------
MARKER = "<<<<<<< HEAD\nours\n=======\ntheirs\n>>>>>>> branch\n"

# each: where ``core.useReplaceRefs=true`` is set (the repository's config, or the caller's environment)
USE_REPLACE_REFS = {
    "the repository's config": ({}, True),
    "GIT_CONFIG_PARAMETERS": ({"GIT_CONFIG_PARAMETERS": "'core.useReplaceRefs=true'"}, False),
    "GIT_CONFIG_COUNT": (
        {"GIT_CONFIG_COUNT": "1", "GIT_CONFIG_KEY_0": "core.useReplaceRefs", "GIT_CONFIG_VALUE_0": "true"},
        False,
    ),
}


@pytest.mark.parametrize("where", list(USE_REPLACE_REFS))
def test_a_config_that_turns_replace_refs_on_never_stands_a_clean_commit_in(tmp_path: Path, where: str) -> None:
    """Every git the tool runs gets ``GIT_NO_REPLACE_OBJECTS=1`` (sweep 11), but that is only git's starting value:
    ``core.useReplaceRefs=true``, read from any config after it, turns the replace refs back on.  With it in the
    repository's config (or the caller's ``GIT_CONFIG_*``), ``git replace BAD CLEAN`` had ``audit --rev BAD`` read
    CLEAN's tree and pass, exit 0, on a commit whose own tree holds conflict markers.  The setting goes at the
    command's scope, after the caller's, as ``core.fsmonitor=false`` does."""
    env, in_config = USE_REPLACE_REFS[where]
    repo = make_repo(tmp_path / "repo", {"a.py": MARKER})
    bad = git(repo, "rev-parse", "HEAD")
    git(repo, "checkout", "-q", "--orphan", "clean")
    make_repo(repo, {"a.py": "x = 1\n"})
    git(repo, "replace", bad, git(repo, "rev-parse", "HEAD"))
    if in_config:
        git(repo, "config", "core.useReplaceRefs", "true")
    before = snapshot(repo)
    run = run_limited("audit", "--repo", repo, "--config", config_with(tmp_path), "--rev", bad, env=env, timeout=30)
    assert run.code == 1 and "conflict marker" in run.out and "Traceback" not in run.err, run.out + run.err
    assert snapshot(repo) == before
