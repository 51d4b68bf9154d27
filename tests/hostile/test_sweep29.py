"""Hostile-input sweep 29: files git opens because a config names them (``include.path``, ``includeIf.*.path``,
``core.excludesFile``, ``core.attributesFile``, in the repository's config, the global one or the environment)
and files it reads in every folder of the work tree (an untracked ``.gitignore`` or ``.gitattributes``), each a
FIFO that held every git of the run for good; the git directory's index, shallow list, alternates, commit-graph,
multi-pack index and sparse-checkout patterns, a linked worktree's commondir and the alternates of an alternate
as FIFOs; the run record's names in the notes' title and shell blocks.  Real git, real
FIFOs, the real CLI; one line naming the file and a documented exit code, never a hang, and the user's checkout
and branches as they were."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.helpers import build_example, run_cli, snapshot, without_beats
from tests.hostile.conftest import git, refused_for_a_fifo_in_the_git_dir, run_limited

pytestmark = pytest.mark.slow


# -- files a config names that a read never ends on -------------------------------------------------------------
def _fifo(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(path)
    return path


Setup = Callable[[Path, Path, Path], dict[str, str]]  # (tmp, fork, fifo) -> the run's environment


def _repo_config(key: str, value: Callable[[Path], str] = str) -> Setup:
    def setup(tmp: Path, fork: Path, fifo: Path) -> dict[str, str]:
        git(fork, "config", key, value(fifo))
        return {}

    return setup


def _global_include(tmp: Path, fork: Path, fifo: Path) -> dict[str, str]:
    (tmp / "global").write_text(f"[include]\n\tpath = {fifo}\n")
    return {"GIT_CONFIG_GLOBAL": str(tmp / "global")}


def _included_twice(tmp: Path, fork: Path, fifo: Path) -> dict[str, str]:
    """The repository's config includes a file (by a relative path) that names the FIFO as its ignore file."""
    (tmp / "included").write_text(f"[core]\n\texcludesFile = {fifo}\n")
    git(fork, "config", "include.path", "../../../included")  # from fork/.git
    return {}


# what the line names, the setup, and the command (audit of the checkout, audit --rev, merge)
NAMED: dict[str, tuple[str, Setup, str]] = {
    "core.excludesFile": ("core.excludesFile names in {fork}/.git/config", _repo_config("core.excludesFile"), "audit"),
    "core.attributesFile": (
        "core.attributesFile names in {fork}/.git/config",
        _repo_config("core.attributesFile"),
        "merge",
    ),
    "include.path": ("include.path names in {fork}/.git/config", _repo_config("include.path"), "audit --rev"),
    "includeIf": (
        "includeIf.gitdir:/.path names in {fork}/.git/config",
        _repo_config("includeIf.gitdir:/.path"),
        "audit --rev",
    ),
    "a relative include.path": ("core.excludesFile names in {tmp}/included", _included_twice, "audit"),
    "global include": ("include.path names in {tmp}/global", _global_include, "audit --rev"),
    "GIT_CONFIG_COUNT": (
        "include.path names in the environment (GIT_CONFIG_*)",
        lambda t, f, fifo: {
            "GIT_CONFIG_COUNT": "1",
            "GIT_CONFIG_KEY_0": "include.path",
            "GIT_CONFIG_VALUE_0": str(fifo),
        },
        "merge",
    ),
    "GIT_CONFIG_PARAMETERS": (
        "core.excludesFile names in the environment (GIT_CONFIG_*)",
        lambda t, f, fifo: {"GIT_CONFIG_PARAMETERS": f"'core.excludesfile={fifo}'"},
        "audit",
    ),
}


def _argv(command: str, ex: object) -> tuple[str | Path, ...]:
    fork, config = ex.fork, ex.config  # type: ignore[attr-defined]
    return {
        "audit": ("audit", "--repo", fork, "--config", config),
        "audit --rev": ("audit", "--repo", fork, "--config", config, "--rev", "HEAD"),
        "merge": ("merge", "v0.29.0", "--no-fetch", "--repo", fork, "--config", config),
    }[command]


@pytest.mark.parametrize("place", list(NAMED))
def test_a_file_a_config_names_that_is_a_fifo_is_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, place: str
) -> None:
    """A FIFO named by ``include.path`` (or an ``includeIf``, whatever its condition) held every git of the run,
    one named by ``core.excludesFile`` the audit of the checkout, one named by ``core.attributesFile`` the merge,
    for good: from the repository's config, a file it includes, the global config or the environment.  Each file
    a config names is looked at first: one line naming it and the config that names it, exit 2."""
    ex = build_example(tmp_path / "ex")
    said, setup, command = NAMED[place]
    fifo = _fifo(tmp_path / "fifo")
    before = snapshot(ex.fork)
    config = ex.fork / ".git" / "config"
    kept = config.read_bytes()
    with monkeypatch.context() as patched:  # the test's own git reads them too: only the run's environment
        for name, value in setup(tmp_path, ex.fork, fifo).items():
            patched.setenv(name, value)
        run = run_limited(*_argv(command, ex), timeout=10)
    assert run.code == 2 and "Traceback" not in run.err, run.err
    [line] = run.err.strip().splitlines()
    named = said.format(fork=ex.fork, tmp=tmp_path)
    assert line.startswith(f"error: {fifo}: the file {named} is a FIFO, which git would wait on for good"), line
    assert "(hint: point " in line, line
    config.write_bytes(kept)  # the test's own git would wait on the FIFO too
    assert snapshot(ex.fork) == before


def test_an_ignore_file_a_later_config_replaces_is_not_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """git reads the last ``core.excludesFile`` of its configs: a FIFO the global config names held the audit for
    good, and is refused; once the repository's own config replaces it, git never opens it, and the audit runs."""
    ex = build_example(tmp_path / "ex")
    fifo = _fifo(tmp_path / "fifo")
    (tmp_path / "global").write_text(f"[core]\n\texcludesFile = {fifo}\n")
    with monkeypatch.context() as patched:
        patched.setenv("GIT_CONFIG_GLOBAL", str(tmp_path / "global"))
        refused = run_limited(*_argv("audit", ex), timeout=10)
    assert refused.code == 2 and f"{fifo}: the file core.excludesFile names in {tmp_path}/global" in refused.err
    git(ex.fork, "config", "core.excludesFile", os.devnull)
    monkeypatch.setenv("GIT_CONFIG_GLOBAL", str(tmp_path / "global"))
    run = run_limited(*_argv("audit", ex), timeout=20)
    assert run.code == 0, run.err


# -- files git reads in every folder of the work tree -----------------------------------------------------------
@pytest.mark.parametrize("name", [".gitignore", "src/.gitignore"])
def test_a_fifo_git_reads_in_a_folder_of_the_work_tree_is_one_line(tmp_path: Path, name: str) -> None:
    """git reads the ``.gitignore`` of every folder it lists the untracked files of: an untracked FIFO by that
    name, at the top or in a folder below, held the audit of the checkout for good.  One line naming it, exit 2,
    the checkout as it was (the folders are scanned once git is slow, not before every audit: the scan of a
    checkout with its virtualenv and build folders is 0.1-0.3 s); a link by that name, which git does not
    open, is no reason to stop."""
    ex = build_example(tmp_path / "ex")
    place = _fifo(ex.fork / name)
    before = snapshot_without(ex.fork, place)
    run = run_limited(*_argv("audit", ex), timeout=10)
    assert run.code == 2 and "Traceback" not in run.err, run.err
    [line] = run.err.strip().splitlines()
    assert line.startswith(f"error: {place}: a file git reads in this work tree is a FIFO"), line
    assert snapshot_without(ex.fork, place) == before
    # git opens neither through a symbolic link (it says so and goes on): a link to the FIFO holds nothing
    place.rename(tmp_path / "fifo")
    place.symlink_to(tmp_path / "fifo")
    assert run_cli(*_argv("audit", ex)).code == 0


@pytest.mark.parametrize("name", [".gitattributes", "src/.gitattributes"])
def test_a_fifo_gitattributes_in_the_work_tree_holds_no_audit(tmp_path: Path, name: str) -> None:
    """The audit's listing looks no attribute up, even of a file whose time changed (git hashes it as
    written): an untracked FIFO ``.gitattributes`` holds nothing, and the audit ends as it would."""
    ex = build_example(tmp_path / "ex")
    _fifo(ex.fork / name)
    os.utime(sorted(ex.fork.glob("*.md"))[0], (1, 1))
    run = run_limited(*_argv("audit", ex), timeout=10)
    assert run.code == 0 and without_beats(run.err) == [], run.err


def snapshot_without(repo: Path, fifo: Path) -> tuple[str, ...]:
    """The checkout's snapshot, read with ``fifo`` set aside (the test's own git would wait on it)."""
    aside = fifo.with_name(fifo.name + ".aside")
    fifo.rename(aside)
    try:
        return snapshot(repo)
    finally:
        aside.rename(fifo)


# -- the run record's names in the notes' Markdown ---------------------------------------------------------------
@pytest.mark.parametrize(
    ("section", "fields"),
    [
        ("merge", {"tag": "v0.29.0", "branch": "fork-v0.29.0\n# Approved by security\n[x](https://e.example)"}),
        ("publish", {"repository": "ghcr.io/o/n\n```\n# Approved by security", "dated_tag": "d", "digest": "sha256:1"}),
        ("publish", {"repository": "ghcr.io/o/n", "pull": "docker pull x\n````\n# Approved by security"}),
    ],
    ids=["title", "verify command", "pull command"],
)
def test_a_record_name_writes_no_markdown_of_its_own_into_the_notes(
    tmp_path: Path, section: str, fields: dict[str, str]
) -> None:
    """The notes put the record's fork branch into their title and its image names into shell code blocks, as
    written: a newline in one (a record given by ``--record``, edited by hand) ended the title or the block,
    and the rest was Markdown of the record's (a heading, a link) in the release body.  A name stays one line,
    escaped as every name is, in a block no run of backticks closes."""
    ex = build_example(tmp_path / "ex")
    record = tmp_path / "record.json"
    record.write_text(json.dumps({"tag": "v0.29.0", section: fields}))
    run = run_cli("notes", "v0.29.0", "--record", record, "--repo", ex.fork, "--config", ex.config)
    assert run.code == 0, run.stderr
    lines = run.stdout.splitlines()
    assert not any(line.startswith("# Approved") for line in lines), run.stdout
    assert not any(line.startswith("[x]") for line in lines), run.stdout
    fences = [line for line in lines if line.startswith("```")]
    for opened, closed in zip(fences[0::2], fences[1::2], strict=True):  # each block one line, its fence's own
        assert lines.index(closed) - lines.index(opened) == 2 and closed == opened.removesuffix("sh"), run.stdout


# -- more files of the git directory that a read never ends on --------------------------------------------------
@pytest.mark.parametrize(
    ("name", "command"),
    [
        ("index", "audit"),
        ("shallow", "audit --rev"),
        ("shallow", "merge"),
        ("objects/info/alternates", "audit --rev"),
        ("objects/info/commit-graph", "audit --rev"),
        ("objects/info/commit-graphs/commit-graph-chain", "audit --rev"),
        ("objects/pack/multi-pack-index", "audit --rev"),
        ("info/sparse-checkout", "merge"),
    ],
)
def test_a_fifo_git_reads_with_every_object_is_one_line(tmp_path: Path, name: str, command: str) -> None:
    """Sweep 27 looked at the git directory's config, ignore and attribute files, HEAD and the refs first; git
    also opens the index (every listing of the checkout), the shallow list (every walk of the history), the
    alternates, the commit-graph and the multi-pack index (every read of an object), and a sparse checkout's
    patterns: a FIFO at any held the audit or the merge for good.  One line naming it, exit 2, the checkout as
    it was."""
    ex = build_example(tmp_path / "ex")
    if name == "info/sparse-checkout":
        git(ex.fork, "config", "core.sparseCheckout", "true")
    refused_for_a_fifo_in_the_git_dir(ex, name, *_argv(command, ex))


def _linked_commondir(tmp: Path, fork: Path) -> tuple[Path, Path]:
    """A linked worktree whose ``commondir`` (the first file git reads there) is a FIFO."""
    linked = tmp / "linked"
    git(fork, "worktree", "add", "-q", "--detach", str(linked), "HEAD")
    place = fork / ".git" / "worktrees" / "linked" / "commondir"
    place.unlink()
    return linked, _fifo(place)


def _alternate_of_alternate(tmp: Path, fork: Path) -> tuple[Path, Path]:
    """The repository borrows objects from a folder (``objects/info/alternates``) whose own alternates are a FIFO."""
    (fork / ".git" / "objects" / "info").mkdir(exist_ok=True)
    (fork / ".git" / "objects" / "info" / "alternates").write_text("../../../../borrowed/objects\n")
    return fork, _fifo(tmp / "borrowed" / "objects" / "info" / "alternates")


@pytest.mark.parametrize("setup", [_linked_commondir, _alternate_of_alternate], ids=["commondir", "alternates"])
def test_a_fifo_git_reads_before_the_objects_is_one_line(
    tmp_path: Path, setup: Callable[[Path, Path], tuple[Path, Path]]
) -> None:
    """A linked worktree's ``commondir`` and the alternates of an object folder the repository's alternates name
    are read as the repository's own files are: a FIFO at either held `audit --rev` for good.  One line naming
    it, exit 2; the tool reads neither through a blocking open."""
    ex = build_example(tmp_path / "ex")
    repo, place = setup(tmp_path, ex.fork)
    run = run_limited("audit", "--repo", repo, "--config", ex.config, "--rev", "HEAD", timeout=10)
    assert run.code == 2 and "Traceback" not in run.err, run.err
    [line] = run.err.strip().splitlines()
    assert line.startswith(f"error: {place}: a file git reads in this repository is a FIFO"), line
