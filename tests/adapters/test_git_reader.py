"""Revisions, trees and commit objects through one long-lived ``git cat-file --batch`` per ``Git``.

A merge asked ``git rev-parse --verify`` a dozen times (the tag, the branches, each carry's and pick's
commit, each new commit's tree) and ``git cat-file commit`` once a pick: a process each, ~5 ms of a
small merge's second.  The batch must answer as those did: a ref moved since it started is read anew,
a name it cannot carry still resolves, and a name git finds ambiguous is no object (and no crash)."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from aeon_release.adapters import blobs
from aeon_release.adapters.git import Git
from tests.helpers import git


def _repo(tmp_path: Path) -> Path:
    repo = tmp_path / "repo"
    repo.mkdir()
    git(repo, "init", "-q", "-b", "main")
    (repo / "a.txt").write_text("one\n")
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "one")
    (repo / "a.txt").write_text("two\n")
    git(repo, "commit", "-qam", "two")
    return repo


def test_a_branch_moved_or_made_after_the_reader_started_is_read_anew(tmp_path: Path) -> None:
    repo = _repo(tmp_path)
    g = Git(repo)
    first, second = git(repo, "rev-parse", "HEAD~1"), git(repo, "rev-parse", "HEAD")
    assert g.resolve("refs/heads/side") is None  # the reader is running from here on
    git(repo, "branch", "side", first)
    assert g.resolve("refs/heads/side") == first
    git(repo, "update-ref", "refs/heads/side", second)
    git(repo, "pack-refs", "--all")
    assert g.resolve("refs/heads/side") == second
    git(repo, "branch", "-D", "side")
    assert g.resolve("refs/heads/side") is None
    git(repo, "tag", "-a", "-m", "annotated", "v1", first)
    assert g.resolve("v1") == first  # peeled to its commit, as rev-parse X^{commit} peels it
    assert g.resolve("^main") is None  # "not main" names no commit
    assert g.tree("v1") == git(repo, "rev-parse", "v1^{tree}")
    assert g.commit_object("v1").startswith(b"tree ")
    g.close()


def test_a_name_a_batch_request_cannot_carry_is_asked_of_git(tmp_path: Path) -> None:
    repo = _repo(tmp_path)
    g = Git(repo)
    assert g.resolve("main\nHEAD") is None
    assert g.resolve("main\r") is None
    assert g.resolve("main\0HEAD") is None  # git would read the request only up to the NUL: main
    assert g.blob_text("main", "a.txt\0b") is None  # likewise a.txt
    assert g.resolve("main") == git(repo, "rev-parse", "main")  # the reader still answers after them
    g.close()


def test_a_commit_made_here_needs_no_question_for_its_tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    repo = _repo(tmp_path)
    g = Git(repo)
    tree = git(repo, "rev-parse", "HEAD^{tree}")
    made = g.commit_tree(tree, [g.head()], b"again\n", sign=False)

    def nothing_asked(*args: object, **kwargs: object) -> object:
        raise AssertionError(f"asked git {args}")

    monkeypatch.setattr(blobs.Blobs, "_ask", nothing_asked)
    monkeypatch.setattr(Git, "try_run", nothing_asked)
    assert g.tree(made) == tree
    assert g.resolve(made) == made
    g.close()


def test_an_ambiguous_short_id_is_no_object_and_the_reader_goes_on(tmp_path: Path) -> None:
    repo = _repo(tmp_path)
    # blobs until two share their first four hex digits (git's shortest abbreviation)
    texts = tmp_path / "texts"
    texts.mkdir()
    names = []
    for i in range(2000):
        (texts / str(i)).write_text(f"blob {i}\n")
        names.append(str(texts / str(i)))
    ids = subprocess.run(
        ["git", "hash-object", "-w", "--stdin-paths"],
        cwd=repo,
        input="\n".join(names),
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    seen: dict[str, str] = {}
    prefix = next(p for p in (i[:4] for i in ids) if p in seen or seen.setdefault(p, p) is None)
    with blobs.Blobs(repo) as reader:
        assert reader.read(prefix) is None
        assert reader.read(ids[0]) == b"blob 0\n"
        assert reader.peeled(prefix, "commit") is None
        assert reader.peeled("main", "commit") is not None


def test_read_blobs_asks_one_cat_file_of_a_repository_and_a_forked_child_its_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A merge's checks call ``read_blobs`` a dozen times (each side's files, the enums', the near misses'):
    one process answers them all, a commit made meanwhile is read too, and a forked child (the sidecar's
    gate checks) reads through a process of its own, the parent's still answering after it."""
    from aeon_release.adapters import git as git_mod

    repo = _repo(tmp_path)
    started: list[blobs.Blobs] = []
    real_start = blobs.Blobs._start

    def start(self: blobs.Blobs) -> subprocess.Popen[bytes]:
        if self._proc is None:
            started.append(self)
        return real_start(self)

    monkeypatch.setattr(blobs.Blobs, "_start", start)
    monkeypatch.setattr(git_mod, "_READERS", {}, raising=False)  # (an older read_blobs kept none)
    assert git_mod.read_blobs(repo, "HEAD~1", ["a.txt", "nope"]) == {"a.txt": "one\n", "nope": None}
    (repo / "a.txt").write_text("three\n")
    git(repo, "commit", "-qam", "three")
    assert git_mod.read_blobs(repo, "HEAD", ["a.txt"]) == {"a.txt": "three\n"}
    assert git_mod.read_blobs(repo, "HEAD~1", ["a.txt"]) == {"a.txt": "two\n"}
    assert len(started) == 1
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: its own reader, its answer on the pipe
        try:
            os.write(write, (git_mod.read_blobs(repo, "HEAD~2", ["a.txt"])["a.txt"] or "").encode())
        finally:
            os._exit(0)
    os.close(write)
    with os.fdopen(read) as pipe:
        assert pipe.read() == "one\n"
    assert os.waitpid(pid, 0)[1] == 0
    assert git_mod.read_blobs(repo, "HEAD", ["a.txt"]) == {"a.txt": "three\n"}
    assert len(started) == 1


def _blob_repo(tmp_path: Path, count: int, size: int) -> tuple[Path, dict[str, bytes]]:
    """A repository of ``count`` files of ``size`` bytes each, one commit (``git fast-import``: one process).
    A hundred files a folder: git finds a ``rev:path`` request's entry by reading each tree on the path from
    its start, so 3,000 files in one folder cost 1.2 CPU-seconds of lookups alone (0.1 s this way)."""
    repo = tmp_path / "many"
    repo.mkdir()
    git(repo, "init", "-q", "-b", "main")
    files = {
        f"pkg/part_{i // 100:03d}/module_{i:05d}_read_in_batches.py": (f"# {i}\n" + "x = 1\n" * (size // 6)).encode()
        for i in range(count)
    }
    stream = bytearray(b"commit refs/heads/main\ncommitter t <t@x> 0 +0000\ndata 4\nmany\n")
    for path, data in files.items():
        stream += b"M 100644 inline %s\ndata %d\n%s\n" % (path.encode(), len(data), data)
    subprocess.run(["git", "-C", str(repo), "fast-import", "--quiet"], input=bytes(stream), check=True)
    return repo, files


def test_read_many_answers_each_name_as_read_does(tmp_path: Path) -> None:
    """One batch of requests, the answers read after: the same bytes, None and errors as one request at a time
    gives, for blobs, names git lacks, a tree, a name a request line cannot carry, and a repeated name."""
    repo = _repo(tmp_path)
    head, tree = git(repo, "rev-parse", "HEAD"), git(repo, "rev-parse", "HEAD^{tree}")
    names = [
        "HEAD:a.txt",
        "HEAD~1:a.txt",
        "HEAD:absent.txt",
        "0" * 40,
        tree,
        "HEAD:a.txt\nb",
        "HEAD:a\0b",
        "HEAD:a.txt",
    ]
    with blobs.Blobs(repo) as many, blobs.Blobs(repo) as one:
        got = many.read_many(names)
        assert got == {name: one.read(name) for name in names}
        assert got["HEAD:a.txt"] == b"two\n" and got["HEAD~1:a.txt"] == b"one\n" and got["HEAD:absent.txt"] is None
        assert got[tree] is None  # not a blob
        assert many.read(f"{head}:a.txt") == b"two\n"  # the reader goes on after a batch
        with pytest.raises(blobs.TooLarge):  # over the cap: never read, as read never reads it
            many.read_many(["HEAD~1:a.txt", "HEAD:a.txt"], max_bytes=3)
        assert many.read_many(["HEAD:a.txt"]) == {"HEAD:a.txt": b"two\n"}


def test_read_many_of_more_requests_and_answers_than_a_pipe_holds(tmp_path: Path) -> None:
    """3,000 files of 2 KB: the requests (150 KB) and the answers (6 MB) are each far more than a pipe
    holds, so a reader that wrote every request before reading an answer would wait on git for good, git
    on it.  Each batch's requests fit in a pipe; every file comes back whole, in any batch.  (Files of 20 KB,
    60 MB of answers, cost git 0.2 CPU-seconds more and guarded nothing more: answers past a pipe's 64 KB
    while requests are still unwritten are what deadlock.)"""
    repo, files = _blob_repo(tmp_path, 3000, 2_000)
    with blobs.Blobs(repo) as reader:
        got = reader.read_many([f"main:{path}" for path in files])
    assert got == {f"main:{path}": data for path, data in files.items()}


def test_a_git_a_git_tree_and_read_blobs_of_one_repository_read_through_one_cat_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A merge's checks read the sides (``read_blobs``), the modules they resolve (a ``Git``) and the merged tree
    (a ``GitTree``) of one repository: one process answers all three (each had its own), and closing a ``Git`` or
    a tree leaves it to the others."""
    from aeon_release.adapters import git as git_mod
    from aeon_release.domain.audits.source import GitTree

    repo = _repo(tmp_path)
    started: list[blobs.Blobs] = []
    real_start = blobs.Blobs._start

    def start(self: blobs.Blobs) -> subprocess.Popen[bytes]:
        if self._proc is None:
            started.append(self)
        return real_start(self)

    monkeypatch.setattr(blobs.Blobs, "_start", start)
    monkeypatch.setattr(git_mod, "_READERS", {})
    assert git_mod.read_blobs(repo, "HEAD~1", ["a.txt"]) == {"a.txt": "one\n"}
    g = Git(repo)
    assert g.blob_text("HEAD", "a.txt") == "two\n"
    g.close()
    tree = GitTree(repo, "HEAD~1")
    assert tree.read("a.txt") == b"one\n"
    assert tree.fingerprint() == f"git-tree:{git(repo, 'rev-parse', 'HEAD~1^{tree}')}"
    tree.close()
    assert Git(repo).resolve("main") == git(repo, "rev-parse", "HEAD")
    assert git_mod.read_blobs(repo, "HEAD", ["a.txt"]) == {"a.txt": "two\n"}
    assert len(started) == 1


def test_files_holding_finds_what_git_grep_finds(tmp_path: Path) -> None:
    """Which files hold a word, read from their blobs, is what ``git grep -F -l`` says of the same files: a word
    at the end without a newline, in non-UTF-8 bytes, across no line; the empty word in an empty file and in a
    full one; a symlink's link text (git greps none); a submodule; a path the revision lacks; a blob over the cap (grep answers)."""
    from aeon_release.adapters import git as git_mod

    repo = tmp_path / "words"
    repo.mkdir()
    git(repo, "init", "-q", "-b", "main")
    texts = {
        "end.py": b"class A(Enum)",
        "latin.py": b"caf\xe9 = Flag\n",
        "split.py": b"En\num\n",
        "empty.py": b"",
        "plain.py": b"x = 1\n",
        "\u00e9t\u00e9.py": "\u00e9t\u00e9 = 'Enum'\n".encode(),
    }
    for name, data in texts.items():
        (repo / name).write_bytes(data)
    os.symlink("Enum.py", repo / "link.py")
    sub = git(repo, "hash-object", "-w", "--stdin")  # any object id will do for a gitlink's entry
    git(repo, "update-index", "--add", "--cacheinfo", f"160000,{sub or '0' * 40},sub.py")
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "words")
    paths = [*texts, "link.py", "sub.py", "gone.py"]
    word_sets = [("Enum", "Flag"), ("caf\udce9",), ("",), ("x = 1",), ("\u00e9t\u00e9",)]
    read = git_mod.files_holding(repo, "HEAD", word_sets, paths)
    assert read is not None
    specs = [f":(literal){p}" for p in paths]
    assert read == [git_mod.files_containing(repo, "HEAD", words, specs) for words in word_sets]
    assert read[0] == {"end.py", "latin.py", "\u00e9t\u00e9.py"}  # not the link named Enum.py
    assert read[2] == set(texts) - {"empty.py"}
    (repo / "big.py").write_bytes(b"Enum\n" * (git_mod._READ_CAP // 5 + 1))
    git(repo, "add", "big.py")
    git(repo, "commit", "-qm", "big")
    assert git_mod.files_holding(repo, "HEAD", word_sets, ["big.py", "end.py"]) is None
    assert git_mod.files_holding(repo, "HEAD", [("a\nb",)], ["end.py"]) is None
    assert git_mod.files_holding(repo, "HEAD", word_sets, ["end.py"] * (git_mod.READ_NOT_GREPPED + 1)) is None


def test_definition_sites_of_a_few_files_read_are_what_git_grep_finds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where a few ``:(literal)`` files define names, read from their blobs, is what ``git grep -n`` says of them: line
    numbers past a blank line and a carriage return, no newline at the end, non-UTF-8 bytes, a def under a class,
    paths in git's order, a symlink (git greps none), a path the revision lacks; a folder is grepped."""
    from aeon_release.adapters import git as git_mod

    repo = tmp_path / "defs"
    (repo / "d").mkdir(parents=True)
    git(repo, "init", "-q", "-b", "main")
    texts = {
        "b.py": b"x = 1\r\n\ndef f(a):\n    pass\nclass C:\n    async def g(self): ...\n  def f (b) :",
        "a-b.py": b"caf\xe9 = 1\ndef g():\n    return 'def f('\n",
        "d/e.py": b"def ff(): ...\ndef f(): ...\n",
        "d.py": b"def h(): ...\n",
    }
    for name, data in texts.items():
        (repo / name).write_bytes(data)
    os.symlink("def f(", repo / "link.py")
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "defs")
    specs = [f":(literal){p}" for p in [*texts, "link.py", "gone.py"]]
    read = git_mod.definition_sites(repo, "HEAD", ["f", "g", "h"], specs)
    monkeypatch.setattr(git_mod, "READ_NOT_GREPPED", 0)  # the grep's way, as of many files
    assert read == git_mod.definition_sites(repo, "HEAD", ["f", "g", "h"], specs)
    assert read["f"] == [("b.py", 3), ("b.py", 7), ("d/e.py", 2)]
    monkeypatch.undo()
    started: list[object] = []
    monkeypatch.setattr(git_mod, "_grep_at", lambda *args: started.append(args) or "")
    assert git_mod.definition_sites(repo, "HEAD", ["h"], [":(literal)d"]) == {}  # a folder: git greps what it holds
    assert len(started) == 1


def test_definition_sites_at_two_revisions_are_each_ones_own(tmp_path: Path) -> None:
    """One ``git grep`` of two revisions answers each as its own grep would: a def moved, added, removed; a
    revision asked twice; a file named like the other revision's id."""
    from aeon_release.adapters import git as git_mod

    repo = tmp_path / "two"
    repo.mkdir()
    git(repo, "init", "-q", "-b", "main")
    (repo / "a.py").write_text("def f(): ...\ndef g(): ...\n")
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "one")
    old = git(repo, "rev-parse", "HEAD")
    (repo / "a.py").write_text("x = 1\ndef f(): ...\n")
    (repo / f"{old}.py").write_text("def g(): ...\n")
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "two")
    new = git(repo, "rev-parse", "HEAD")
    names, specs = ["f", "g"], [":(glob)**/*.py"]
    both = git_mod.definition_sites_at(repo, (old, new), names, specs)
    assert both == {rev: git_mod.definition_sites(repo, rev, names, specs) for rev in (old, new)}
    assert both[new] == {"f": [("a.py", 2)], "g": [(f"{old}.py", 1)]} and both[old]["g"] == [("a.py", 2)]
    assert git_mod.definition_sites_at(repo, (new, new), names, specs) == {new: both[new]}


def test_a_relative_path_reads_the_repository_of_the_folder_the_process_is_in_now(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``Git(".")`` is the CLI's default ``--repo``: run in-process in one checkout and then another (the tests'
    commands, a library caller), its shared reader must be the second checkout's, not the first one's
    (a reader kept by the path's spelling answered the first checkout's branch: a copy of it has the
    same commits, so nothing failed but the answer was another repository's)."""
    first = _repo(tmp_path)
    second = tmp_path / "copy"
    subprocess.run(["cp", "-a", str(first), str(second)], check=True)
    (second / "b.txt").write_text("three\n")
    git(second, "add", "-A")
    git(second, "commit", "-qm", "three")
    monkeypatch.chdir(first)
    assert Git(".").resolve("refs/heads/main") == git(first, "rev-parse", "HEAD")
    monkeypatch.chdir(second)
    assert Git(".").resolve("refs/heads/main") == git(second, "rev-parse", "HEAD")
