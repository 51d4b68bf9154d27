"""A revision listed ahead (``GitTree.list_ahead``: git lists it on a thread while the merge's audit asks git for
the merge's paths) is the revision listed when first asked: the same files, sizes, ids, skips and cap, and a
listing that fails raises where the listing is first used, as it did."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from aeon_release.domain.audits import GitTree
from aeon_release.domain.audits import source as source_mod
from aeon_release.errors import GitError
from tests.helpers import git


def _repo(tmp_path: Path) -> Path:
    repo = tmp_path / "repo"
    (repo / "pkg").mkdir(parents=True)
    git(repo, "init", "-q")
    (repo / "pkg" / "small.py").write_text("x = 1\n")
    (repo / "pkg" / "big.py").write_text("y = 2\n" * 400)
    (repo / "odd\tname.py").write_text("z = 3\n")
    (repo / "link.py").symlink_to("pkg/small.py")
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "c")
    return repo


def _seen(tree: GitTree) -> tuple[object, ...]:
    files = tree.files()
    return (
        files,
        tree.skipped(),
        [(tree.oid(f), tree.size(f)) for f in files],
        tree.link_text("link.py"),
        tree.read("pkg/small.py"),
    )


@pytest.mark.parametrize("cap", [None, 100])
def test_a_tree_listed_ahead_is_the_tree_listed_when_asked(tmp_path: Path, cap: int | None) -> None:
    repo = _repo(tmp_path)
    plain, ahead = GitTree(repo, "HEAD"), GitTree(repo, "HEAD")
    ahead.list_ahead()
    if cap is not None:  # the config's cap, applied while (or after) the thread lists
        plain.cap(cap)
        ahead.cap(cap)
    assert _seen(ahead) == _seen(plain)
    assert ("pkg/big.py" in ahead.files()) == (cap is None)
    ahead.cap(1 << 20)  # and raised again, as a listed tree allows
    plain.cap(1 << 20)
    assert _seen(ahead) == _seen(plain)
    ahead.close()


def test_the_listing_runs_on_a_thread_while_the_caller_goes_on(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    repo = _repo(tmp_path)
    real, go, where = source_mod.ls_tree, threading.Event(), []

    def held(*args: object, **kwargs: object) -> object:
        where.append(threading.current_thread())
        go.wait(5)  # git still listing
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(source_mod, "ls_tree", held)
    tree = GitTree(repo, "HEAD")
    tree.list_ahead()
    tree.list_ahead()  # once only
    for _ in range(500):  # the thread has started git, and this one goes on meanwhile
        if where:
            break
        threading.Event().wait(0.01)
    assert len(where) == 1 and where[0] is not threading.main_thread()
    go.set()
    assert tree.files() == sorted(["pkg/small.py", "pkg/big.py", "odd\tname.py"])
    assert len(where) == 1  # the listing made ahead is the one used
    tree.close()
    assert not any(t.name == "list-ahead" for t in threading.enumerate())


def test_a_failed_listing_ahead_raises_where_it_is_first_used(tmp_path: Path) -> None:
    repo = _repo(tmp_path)
    plain, ahead = GitTree(repo, "no-such-rev"), GitTree(repo, "no-such-rev")
    ahead.list_ahead()
    for tree in (plain, ahead):
        with pytest.raises(GitError, match="cannot list no-such-rev"):
            tree.files()
        assert tree.files() == []  # marked listed before git was asked: nothing half-listed is kept
    unread = GitTree(repo, "no-such-rev")
    unread.list_ahead()
    unread.close()  # a failure no one asked for is not raised by the close in a `finally`
    assert not any(t.name == "list-ahead" for t in threading.enumerate())
