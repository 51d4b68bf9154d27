"""Hostile-input sweep 28: a repository whose objects git has and cannot read (a corrupt loose object, a
packfile cut short, a ref whose commit is gone, a corrupt blob) now that revisions, trees and commit objects
are read through one long-lived ``git cat-file --batch``, which says "missing" for an object it cannot read
and sends its reason to stderr; a batch process that ended between two requests; git's advice quoted as
its reason.  Real git and real damaged repositories, the real CLI; one line naming the object and
``git fsck`` as the way out, never "does not exist", a broken pipe or a file read as absent."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from aeon_release.adapters import git as git_mod
from aeon_release.adapters.git import Git
from aeon_release.errors import GitError
from tests.helpers import build_example, run_cli, without_beats
from tests.hostile.conftest import git, make_repo, run_limited

pytestmark = pytest.mark.slow


# -- objects git has and cannot read ---------------------------------------------------------------------------
def _loose(repo: Path, oid: str) -> Path:
    return repo / ".git" / "objects" / oid[:2] / oid[2:]


def _replace(path: Path, data: bytes) -> None:
    """A new file in place of ``path`` (a clone's objects are hard links to its source's)."""
    path.unlink()
    path.write_bytes(data)


def _corrupt_commit(repo: Path, rev: str) -> None:
    oid = git(repo, "rev-parse", f"{rev}^{{commit}}")
    _replace(_loose(repo, oid), _loose(repo, oid).read_bytes()[:20])


def _lose_commit(repo: Path, rev: str) -> None:
    _loose(repo, git(repo, "rev-parse", f"{rev}^{{commit}}")).unlink()


def _cut_pack(repo: Path, rev: str) -> None:
    git(repo, "repack", "-adq")
    git(repo, "prune-packed")
    [pack] = (repo / ".git" / "objects" / "pack").glob("*.pack")
    _replace(pack, pack.read_bytes()[: pack.stat().st_size // 2])


def _corrupt_blobs(repo: Path, rev: str) -> None:
    """Every blob of ``rev`` but the empty one (git knows that one without reading it)."""
    for line in git(repo, "ls-tree", "-r", rev).splitlines():
        oid = line.split()[2]
        if _loose(repo, oid).exists() and oid != "e69de29bb2d1d6434b8b29ae775ad8c2e48c5391":
            _replace(_loose(repo, oid), _loose(repo, oid).read_bytes()[:10])


DAMAGE: dict[str, Callable[[Path, str], None]] = {
    "a corrupt loose commit": _corrupt_commit,
    "a commit the object store lacks": _lose_commit,
    "a packfile cut in half": _cut_pack,
    "corrupt blobs": _corrupt_blobs,
}


@pytest.mark.parametrize("damage", list(DAMAGE))
@pytest.mark.parametrize("command", ["audit --rev", "merge"])
def test_objects_git_cannot_read_are_one_line_with_fsck_as_the_way_out(
    tmp_path: Path, damage: str, command: str
) -> None:
    """The batch reader says "missing" for an object it has and cannot read (its reason went to /dev/null):
    `audit --rev HEAD` of a cut packfile said "revision 'HEAD' does not exist", of corrupt blobs "output:
    Broken pipe" (the batch had ended within an object, and the next request wrote to it); the merge said
    "tag 'v0.29.0' points at a tree or a file, not a commit" of a corrupt or lost tag commit.  Now git's
    reason, one line, and `git fsck` as the hint."""
    ex = build_example(tmp_path / "ex")
    rev, argv = {
        "audit --rev": ("HEAD", ("audit", "--repo", ex.fork, "--config", ex.config, "--rev", "HEAD")),
        "merge": ("v0.29.0", ("merge", "v0.29.0", "--no-fetch", "--repo", ex.fork, "--config", ex.config)),
    }[command]
    DAMAGE[damage](ex.fork, rev)
    heads = (ex.fork / ".git" / "HEAD").read_text()
    run = run_limited(*argv, timeout=20)
    assert run.code == 2 and "Traceback" not in run.err, run.err
    [line] = without_beats(run.err)
    assert "`git fsck`" in line, line
    assert "does not exist" not in line and "Broken pipe" not in line and "a tree or a file" not in line, line
    assert (ex.fork / ".git" / "HEAD").read_text() == heads
    assert not (ex.fork / ".git" / "MERGE_HEAD").exists()


def test_a_blob_git_cannot_read_is_never_read_as_absent(tmp_path: Path) -> None:
    """A file whose blob is corrupt was None to ``blob_text``, as a file the revision does not have: a check
    that a file is gone, or that reads a file only when it is there, passed on it."""
    ex = build_example(tmp_path / "ex")
    _corrupt_blobs(ex.fork, "HEAD")
    path = "vllm/v1/kv_cache_interface.py"
    repo = Git(ex.fork)
    try:
        with pytest.raises(GitError, match=re.escape(f"cannot read HEAD:{path}")) as caught:
            repo.blob_text("HEAD", path)
        assert caught.value.hint is not None and "git fsck" in caught.value.hint
        assert repo.blob_text("HEAD", "no/such/file.py") is None  # absent is still absent
    finally:
        repo.close()


# -- the batch process ended between two requests ---------------------------------------------------------------
def test_a_batch_reader_that_ended_is_started_again(tmp_path: Path) -> None:
    """The long-lived ``cat-file --batch`` killed (the OOM killer, a signal to its group) between two requests:
    the next one wrote into its closed pipe, and BrokenPipeError came out as "output: Broken pipe" (the
    reader of the tool's own output went away, said the hint) on a run whose output was fine."""
    ex = build_example(tmp_path / "ex")
    repo = Git(ex.fork)
    try:
        head = repo.resolve("HEAD")
        with repo._reader() as reader:  # the process's reader of the repository, which answered resolve
            assert reader._proc is not None
        os.kill(reader._proc.pid, signal.SIGKILL)
        reader._proc.wait()
        assert repo.resolve("refs/tags/v0.29.0") == git(ex.fork, "rev-parse", "v0.29.0^{commit}")
        assert repo.tree("HEAD") == git(ex.fork, "rev-parse", f"{head}^{{tree}}")
    finally:
        repo.close()


# -- git's advice is not its reason ----------------------------------------------------------------------------
def test_gits_advice_is_never_quoted_as_its_reason(tmp_path: Path) -> None:
    """GIT_GRAFT_FILE (the null device: no grafts) makes git 2.39 advise on every walk that grafts are
    deprecated; ``rev-parse --quiet`` of a ``:/text`` that matches nothing says nothing else, and
    ``Git.tree`` failed with 'git rev-parse failed in ...: hint: "git config advice.graftFileDeprecated
    false"' for its reason."""
    ex = build_example(tmp_path / "ex")
    repo = Git(ex.fork)
    try:
        with pytest.raises(GitError) as caught:
            repo.tree(":/no commit says this")
    finally:
        repo.close()
    assert str(caught.value).endswith(": exit 1"), str(caught.value)  # not the hint: git said no more
    said = 'hint: Support for <GIT_DIR>/info/grafts is deprecated\nhint: "git config advice.x false"\n'
    assert str(git_mod.failed("rev-parse", "repo", said, 1)) == "git rev-parse failed in repo: exit 1"


# -- a ref git would wait on -------------------------------------------------------------------------------------
def _fifo_ref(ref: Path, tmp: Path) -> None:
    os.mkfifo(ref)


def _link_to_fifo(ref: Path, tmp: Path) -> None:
    os.mkfifo(tmp / "fifo")
    ref.symlink_to(tmp / "fifo")


REF_KINDS: dict[str, Callable[[Path, Path], None]] = {"a FIFO": _fifo_ref, "a link to a FIFO": _link_to_fifo}


@pytest.mark.parametrize("kind", list(REF_KINDS))
@pytest.mark.parametrize("command", ["audit --rev", "merge", "audit"])
def test_a_ref_git_would_wait_on_is_one_line(tmp_path: Path, kind: str, command: str) -> None:
    """git opens a loose ref through a symbolic link, and a ref that is (or links to) a FIFO held `audit
    --rev BRANCH`, the merge (which lists the branches) and the audit of the checkout for good.  The
    repository's refs are looked at first, nothing opened: one line naming the ref, exit 2."""
    ex = build_example(tmp_path / "ex")
    ref = ex.fork / ".git" / "refs" / "heads" / "stuck"
    REF_KINDS[kind](ref, tmp_path)
    argv = {
        "audit --rev": ("audit", "--repo", ex.fork, "--config", ex.config, "--rev", "stuck"),
        "merge": ("merge", "v0.29.0", "--no-fetch", "--repo", ex.fork, "--config", ex.config),
        "audit": ("audit", "--repo", ex.fork, "--config", ex.config),
    }[command]
    run = run_limited(*argv, timeout=10)
    assert run.code == 2 and "Traceback" not in run.err, run.err
    [line] = run.err.strip().splitlines()
    assert f"{ref}: a file git reads in this repository is a FIFO, which git would wait on" in line, line
    assert "(hint: " in line, line


@pytest.mark.parametrize(("rev", "kind"), [("HEAD:vllm", "tree"), ("HEAD:README.md", "blob")])
def test_a_path_in_a_revision_is_named_for_what_it_is(tmp_path: Path, rev: str, kind: str) -> None:
    """``REV:path`` names a folder or a file; ``REV:path^{commit}`` is read by git as a longer path, so git
    said only "Needed a single revision" and the tool "revision 'HEAD:vllm' does not exist"."""
    ex = build_example(tmp_path / "ex")
    run = run_cli("audit", "--repo", ex.fork, "--config", ex.config, "--rev", rev)
    assert run.code == 2, run.err
    [line] = run.err.strip().splitlines()
    assert f"revision '{rev}' names a {kind}, not a commit" in line and "(hint: " in line, line


def test_a_reader_of_a_repository_full_of_damaged_packs_never_waits_on_its_own_errors(tmp_path: Path) -> None:
    """git writes a line to stderr for every damaged pack it opens, for every request: 1,500 junk packs are
    ~148 KB before the first answer and more within it.  A stderr pipe read only after each answer filled
    up (64 KiB), and git and the reader waited on each other for good; stderr is a file now."""
    repo = make_repo(tmp_path / "repo", {"a.txt": "one\n"}, "one")
    packs = repo / ".git" / "objects" / "pack"
    for i in range(1500):
        (packs / f"pack-{i:040x}.idx").write_bytes(b"junk")
        (packs / f"pack-{i:040x}.pack").write_bytes(b"PACK")
    code = (
        "import sys\nfrom aeon_release.adapters.git import Git\n"
        f"g = Git({str(repo)!r})\n"
        "print(g.resolve('HEAD'), g.tree('HEAD'), g.blob_text('HEAD', 'a.txt').strip(), g.resolve('nope'))\n"
    )
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    head, tree = git(repo, "rev-parse", "HEAD"), git(repo, "rev-parse", "HEAD^{tree}")
    assert done.stdout.split() == [head, tree, "one", "None"]
