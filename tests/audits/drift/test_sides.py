"""How the merge-aware checks read each side's diff: split per file at once, parsed per file on demand."""

from __future__ import annotations

import re

import pytest

from aeon_release.adapters.git import Git, diff_zero_context, files_containing
from aeon_release.domain.audits import diffs
from aeon_release.domain.audits.diffs import PYTHON_FILES, _upstream_diff, started
from aeon_release.domain.audits.drift.sides import parse_changes
from tests.audits.conftest import GitRepo
from tests.audits.drift.trees import three_way

DIFF = (
    "diff --git a/m.py b/m.py\nindex 1..2 100644\n--- a/m.py\n+++ b/m.py\n@@ -1,0 +2,2 @@ a\n+X\n+++ y\n"
    "@@ -4 +5 @@\n---- z\n+w\n"
    "diff --git a/gone.py b/gone.py\ndeleted file mode 100644\n--- a/gone.py\n+++ /dev/null\n@@ -1 +0,0 @@\n-q\n"
    "diff --git a/img.png b/img.png\nBinary files a/img.png and b/img.png differ\n"
)


def test_a_diff_is_split_per_file_and_each_file_parsed_only_when_asked() -> None:
    changes = parse_changes(DIFF)
    assert list(changes) == ["m.py"]  # a deleted or binary file has no "+++ b/" name: nothing was added there
    assert changes._parsed == {}  # nothing parsed yet
    change = changes["m.py"]
    # an added line whose own text starts with "++" and a removed one starting with "---" are content,
    # not headers: they stay in the file they belong to
    assert change.added == {2: "X", 3: "++ y", 5: "w"}
    assert change.removed == ["--- z"]
    assert [h[:2] for h in change.hunks] == [(1, 0), (4, 1)]
    assert list(changes._parsed) == ["m.py"]


def test_the_files_a_side_deleted_are_named_apart_from_the_changed_ones(git_repo: GitRepo) -> None:
    # git's own diff of the deletions (no lines of a deleted file: --irreversible-delete), a name
    # with a space and one git C-quotes among them
    repo = git_repo
    names = ["gone.py", "a b.py", "caf\u00e9.py", "pkg/deep.py"]
    base = repo.commit({**{n: "x = 1\n" for n in names}, "kept.py": "y = 1\n"}, "base")
    for name in names:
        (repo.path / name).unlink()
    theirs = repo.commit({"kept.py": "y = 2\n"}, "delete")
    changes = parse_changes(diff_zero_context(repo.path, base, theirs))
    assert list(changes) == ["kept.py"]
    assert sorted(changes.deleted) == sorted(names)
    assert parse_changes(DIFF).deleted == ["gone.py"]


def test_file_content_cannot_forge_a_file_header() -> None:
    diff = "diff --git a/m.py b/m.py\n--- a/m.py\n+++ b/m.py\n@@ -1 +1,2 @@\n-a\n+b\n+++ b/evil.py\n"
    changes = parse_changes(diff)
    assert list(changes) == ["m.py"]
    assert changes["m.py"].added == {1: "b", 2: "++ b/evil.py"}


def test_raw_searches_see_exactly_the_diff_lines_of_each_file() -> None:
    changes = parse_changes(DIFF)
    assert changes.matching(re.compile(r"^\+X$", re.M)) == ["m.py"]
    assert changes.matching(re.compile(r"^\+X$", re.M), within=["other.py"]) == []
    lines = changes.added_lines()
    assert lines["m.py"] == frozenset({"X", "++ y", "w"})
    header = re.compile(r"^(?:async\s+)?def\s+(\w+)\s*\(")
    defs = parse_changes(
        "diff --git a/d.py b/d.py\n--- a/d.py\n+++ b/d.py\n@@ -1,0 +1,2 @@\n+    def f(x):\n+x = 'def g('\n"
    )
    assert [(p, m.group(1)) for p, m in defs.added_lines().added_matches(header)] == [("d.py", "f")]


def test_added_matches_pass_over_a_diff_without_the_text_every_match_needs() -> None:
    """``needs`` (perf24): a file's diff without it is not searched; every file with it answers as without."""
    init_var = re.compile(r"(\w+)[ \t]*:[ \t]*(?:dataclasses\.)?InitVar\[")
    diff = (
        "diff --git a/a.py b/a.py\n--- a/a.py\n+++ b/a.py\n@@ -1,0 +1,2 @@\n+    x: InitVar[int]\n"
        "+    y: dataclasses.InitVar[str] = ''\n"
        "diff --git a/b.py b/b.py\n--- a/b.py\n+++ b/b.py\n@@ -1,0 +1,1 @@\n+    z: InitVar [int]\n"
        "diff --git a/c.py b/c.py\n--- a/c.py\n+++ b/c.py\n@@ -1,1 +1,1 @@\n-    w: InitVar[int]\n+    w: int\n"
    )
    lines = parse_changes(diff).added_lines()
    found = [(p, m.group(1)) for p, m in lines.added_matches(init_var, needs="InitVar[")]
    assert found == [(p, m.group(1)) for p, m in lines.added_matches(init_var)] == [("a.py", "x"), ("a.py", "y")]


def test_upstreams_diff_holds_python_files_and_the_forks_own_files_only(git_repo: GitRepo) -> None:
    repo = git_repo
    cfg = "k = 1\n" + "pad\n" * 5
    base = {"a.py": "x = 1\n", "docs/guide.md": "old\n", "fork.cfg": cfg, "deep/b.py": "y = 1\n"}
    ours = {**base, "fork.cfg": cfg.replace("k = 1", "k = 2")}
    theirs = {"a.py": "x = 2\n", "docs/guide.md": "new\n", "fork.cfg": cfg + "j = 0\n", "deep/b.py": "y = 2\n"}
    sides = three_way(repo, base, ours, theirs)
    upstream = parse_changes(_upstream_diff(repo.path, sides.base, sides.ours, sides.theirs))
    # docs/guide.md changed upstream, but no check reads a non-Python file the fork left alone
    assert sorted(upstream) == ["a.py", "deep/b.py", "fork.cfg"]
    mine, _, _ = started(repo.path, sides.base, sides.ours, sides.theirs)
    assert sorted(parse_changes(mine.result())) == ["fork.cfg"]


def test_files_containing_greps_a_revision_without_a_checkout(git_repo: GitRepo) -> None:
    repo = git_repo
    repo.commit({"f.py": "x = 0\n"}, "root")
    sha = repo.commit({"e.py": "class Mode(IntEnum):\n    A = 1\n", "f.py": "x = 1\n", "g.txt": "Enum\n"}, "c")
    assert files_containing(repo.path, sha, ("Enum", "Flag"), [PYTHON_FILES]) == frozenset({"e.py"})
    assert files_containing(repo.path, sha, ("Nowhere",), [PYTHON_FILES]) == frozenset()
    assert Git(repo.path).changed_files(sha) == ["e.py", "f.py", "g.txt"]


def test_upstreams_diff_in_parts_is_byte_for_byte_the_one_diff(
    git_repo: GitRepo, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One git process per part of the file list: joined in order, the same text as one diff, whatever
    falls on a part's edge (an empty new file, a deletion, a mode change, a fork's own non-Python file)."""
    repo = git_repo
    cfg = "k = 1\n" + "pad\n" * 5
    base = {f"pkg/m{i:02}.py": f"x = {i}\n" for i in range(12)} | {"fork.cfg": cfg, "run.py": "go()\n"}
    ours = {**base, "fork.cfg": cfg.replace("k = 1", "k = 2")}
    theirs = {k: v.replace("x =", "y =") for k, v in base.items() if k != "pkg/m03.py"}
    theirs |= {"pkg/empty.py": "", "pkg/new.py": "z = 0\n", "fork.cfg": cfg + "j = 0\n", "docs/a.md": "doc\n"}
    sides = three_way(repo, base, ours, theirs)
    (repo.path / "run.py").chmod(0o755)
    repo.git("checkout", "-q", sides.theirs)
    repo.git("update-index", "--chmod=+x", "run.py")
    repo.git("commit", "-qm", "mode")
    theirs_sha = repo.git("rev-parse", "HEAD")
    whole = diff_zero_context(repo.path, sides.base, theirs_sha, [PYTHON_FILES, ":(literal)fork.cfg"])
    monkeypatch.setattr(diffs, "_FILES_PER_PART", 1)
    monkeypatch.setattr(diffs.os, "cpu_count", lambda: 8)
    for parts in (1, 2, 3, 5, 8):
        monkeypatch.setattr(diffs, "_MAX_PARTS", parts)
        assert diffs._upstream_diff(repo.path, sides.base, sides.ours, theirs_sha) == whole
    assert "pkg/empty.py" in whole and "docs/a.md" not in whole and "new mode 100755" in whole


def test_a_file_that_became_a_folder_is_diffed_once_whatever_part_it_falls_in(
    git_repo: GitRepo, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A pathspec names a folder's files too: a fork's file that upstream turned into a folder (the
    folder's files come later in git's list, after names like ``tool.py``) must not bring those files
    into its part's diff and then into the next part's again."""
    repo = git_repo
    base = {"tool": "run\n", "tool.py": "t = 0\n", "z.py": "z = 0\n"}
    base_sha = repo.commit(base, "base")
    repo.git("checkout", "-q", "-b", "upstream")
    repo.git("rm", "-q", "tool")
    theirs_sha = repo.commit({"tool/main.py": "m = 1\n", "tool.py": "t = 1\n", "z.py": "z = 1\n"}, "tool is a folder")
    repo.git("checkout", "-q", "-b", "fork", base_sha)
    ours_sha = repo.commit({"tool": "run --fast\n"}, "fork change")
    assert Git(repo.path).changed_path_list(base_sha, theirs_sha) == ["tool", "tool.py", "tool/main.py", "z.py"]
    whole = diff_zero_context(repo.path, base_sha, theirs_sha, [PYTHON_FILES, ":(literal)tool"])
    monkeypatch.setattr(diffs, "_FILES_PER_PART", 1)
    monkeypatch.setattr(diffs.os, "cpu_count", lambda: 8)
    for parts in (1, 2, 3, 4):
        monkeypatch.setattr(diffs, "_MAX_PARTS", parts)
        assert diffs._upstream_diff(repo.path, base_sha, ours_sha, theirs_sha) == whole
    assert whole.count("diff --git a/tool/main.py") == 1


def test_upstreams_tests_are_left_out_of_its_diff_unless_the_fork_changed_them(git_repo: GitRepo) -> None:
    """Fork code does not import upstream's tests: a test helper upstream changed can only break a fork
    test, loudly.  So upstream's top-level test folders are not diffed (a fourth of a large release's
    Python diff), except the files the fork changed too (near misses read both sides)."""
    pad = "\n" + "pad = 0\n" * 5
    base = {
        "pkg/a.py": "x = 1\n",
        "tests/util.py": "def helper():\n    return 1\n",
        "tests/test_fork.py": "t = 1" + pad,
    }
    base |= {"test/b.py": "y = 1\n", "pkg/tests/c.py": "z = 1\n"}
    ours = {**base, "tests/test_fork.py": "t = 2" + pad}
    theirs = {k: v.replace("1", "9") if k != "tests/test_fork.py" else v + "u = 0\n" for k, v in base.items()}
    sides = three_way(git_repo, base, ours, theirs)
    upstream = parse_changes(_upstream_diff(git_repo.path, sides.base, sides.ours, sides.theirs))
    assert sorted(upstream) == ["pkg/a.py", "pkg/tests/c.py", "tests/test_fork.py"]
    assert diffs.changed_files_containing(git_repo.path, sides.base, sides.theirs, diffs.ENUM_WORDS) == frozenset()
