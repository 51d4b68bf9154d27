"""The audit tests' git fixture: a three-way merge git flags is never handed to a test as a clean one."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from aeon_release.domain.audits.source import GitTree
from tests.audits.conftest import GitRepo


@pytest.mark.parametrize("fresh", [True, False])
def test_a_conflicted_fixture_merge_fails_the_test(git_repo: GitRepo, fresh: bool) -> None:
    """The silent killers are exactly the merges git did not flag: a fixture whose sides conflict must stop
    the test, not audit a tree with conflict markers.  Both ways a fixture is written (one fast-import into
    a fresh repository, merged by ``git merge-tree``, or commit by commit into one that has commits, merged by
    ``git merge``) rely on git's exit status."""
    if not fresh:
        git_repo.commit({"README": "x\n"}, "first")
    with pytest.raises(AssertionError, match="git merge"):
        git_repo.three_way({"a.py": "x = 1\n"}, [("upstream", {"a.py": "x = 2\n"})], {"a.py": "x = 3\n"})


def test_a_clean_fixture_merge_is_a_merge_commit_of_both_sides(git_repo: GitRepo) -> None:
    base, theirs, ours = git_repo.three_way(
        {"a.py": "x = 1\ny = 1\n"}, [("up", {"a.py": "x = 2\ny = 1\n"})], {"b.py": ""}
    )
    assert git_repo.git("rev-parse", "HEAD^1", "HEAD^2").split() == [ours, theirs]
    assert git_repo.git("merge-base", ours, theirs) == base
    assert (git_repo.path / "a.py").read_text() == "x = 2\ny = 1\n" and (git_repo.path / "b.py").exists()
    assert git_repo.git("status", "--porcelain") == ""


def test_a_merge_left_in_git_objects_is_checked_out_as_git_merge_makes_it(git_repo: GitRepo) -> None:
    """``three_way`` leaves its merge in git's objects (``merge-tree``); the first use of the work tree checks it
    out as ``git merge`` did: the same tree, a merge commit of both sides, a clean status."""
    base, theirs, ours = git_repo.three_way(
        {"a.py": "x = 1\ny = 1\n", "c.py": "z = 1\n"}, [("up", {"a.py": "x = 2\ny = 1\n", "c.py": None})], {"b.py": ""}
    )
    merged = git_repo.merged_tree
    assert merged is not None and [p.name for p in git_repo.root.iterdir()] == [".git"]  # nothing checked out yet
    assert git_repo.git("rev-parse", "HEAD^{tree}") == merged and git_repo.merged_tree is None
    assert git_repo.git("rev-parse", "HEAD^1", "HEAD^2").split() == [ours, theirs]
    assert git_repo.git("merge-base", ours, theirs) == base
    assert sorted(p.name for p in git_repo.path.iterdir()) == [".git", "a.py", "b.py"]
    assert git_repo.git("status", "--porcelain") == ""


def test_the_row_helpers_audit_the_merged_tree_or_the_checkout_once_used(git_repo: GitRepo) -> None:
    """``audited`` is the merge's tree read from git's objects while nothing used the checkout, and the checkout
    (with whatever a test wrote there) once anything did."""
    git_repo.three_way({"a.py": "x = 1\n"}, [("up", {"a.py": "x = 2\n"})], {"b.py": "y = 1\n"})
    with git_repo.audited() as tree:
        assert isinstance(tree, GitTree) and tree.files() == ["a.py", "b.py"]
        assert tree.read("a.py") == b"x = 2\n"
    (git_repo.path / "d.py").write_text("w = 1\n")
    with git_repo.audited() as checkout:
        assert checkout == git_repo.root and (checkout / "d.py").exists()


def test_the_places_told_are_the_ones_git_finds(git_repo: GitRepo) -> None:
    """``tell_places`` spares an audit of the merged tree its ``rev-parse`` of the repository's top and common git
    directory (suitespeed17): what it tells must be what git would answer there."""
    git_repo.three_way({"a.py": "x = 1\n"}, [("up", {"a.py": "x = 2\n"})], {"b.py": ""})
    told = [str(git_repo.root.resolve()), str((git_repo.root / ".git").resolve())]
    asked = ["rev-parse", "--show-toplevel", "--path-format=absolute", "--git-common-dir"]
    done = subprocess.run(["git", *asked], cwd=git_repo.root, capture_output=True, text=True, check=True)
    assert done.stdout.splitlines() == told


_SHAPES = {
    "edits, adds and deletes": (
        {"a.py": "x = 1\n", "pkg/b.py": "y = 1\n", "pkg/c.py": "z = 1\n", "d.txt": "d\n"},
        [("up", {"a.py": "x = 2\n", "pkg/c.py": None, "pkg/e.py": "e = 1\n"})],
        {"pkg/b.py": "y = 2\n", "f.py": "f = 1\n"},
    ),
    "a later commit puts the base text back": (
        {"a.py": "x = 1\n", "b.py": "y = 1\n"},
        [("one", {"a.py": "x = 2\n", "b.py": "y = 2\n"}), ("two", {"a.py": "x = 1\n", "c.py": "c\n"})],
        {"d.py": "d = 1\n"},
    ),
    "a file deleted then written again, names out of ASCII and with spaces": (
        {"a.py": "x = 1\n", "é/ü.py": "u = 1\n", "a b.py": "s = 1\n"},
        [("one", {"a.py": None}), ("two", {"a.py": "x = 1\n", "é/ü.py": "u = 2\n"})],
        {"a b.py": "s = 2\n", "z/é.py": ""},
    ),
    "names git orders by bytes": (
        {"a.py": "1\n", "a/b.py": "1\n", "a-b.py": "1\n", "B.py": "1\n"},
        [("up", {"a.py": "2\n", "a/b.py": "2\n", "a-b.py": "2\n", "B.py": "2\n", "a0.py": "0\n"})],
        {"a.py": "1\n", "_.py": "x\n"},
    ),
    "no upstream commit": ({"a.py": "x = 1\n"}, [], {"a.py": "x = 2\n"}),
    "the fork writes the base text": ({"a.py": "x = 1\n"}, [("up", {"b.py": "\n"})], {"a.py": "x = 1\n"}),
}


@pytest.mark.parametrize("shape", list(_SHAPES))
def test_the_changes_told_are_the_ones_git_lists(git_repo: GitRepo, shape: str) -> None:
    """``three_way`` tells the engine which paths each side changed (suitespeed18), sparing an audit of the merge
    its ``diff-tree --stdin``: what it tells must be git's own answer, names and order, and the audit takes it."""
    from aeon_release.adapters.git import Git
    from aeon_release.domain.audits import diffs

    base, upstream, fork = _SHAPES[shape]
    base_sha, theirs, ours = git_repo.three_way(base, upstream, fork)
    told = diffs._TOLD[(base_sha, ours, theirs)]
    listed = Git(git_repo.root).changed_path_lists(base_sha, (theirs, ours))
    assert told == (tuple(listed[0]), frozenset(listed[1]))
    assert list(told[0]) == listed[0]  # git's order, which the checks read upstream's paths in


@pytest.mark.parametrize(
    "upstream",
    [
        [("up", {"a/b.py": "x\n"})],
        [("one", {"a": None}), ("two", {"a/b.py": "x\n"})],
        [("up", {"./c.py": "x\n"})],
        [("up", {'"c.py': "x\n"})],
    ],
    ids=["a file made a folder", "a file deleted, then a folder of its name", "a dot part", "an opening quote"],
)
def test_a_shape_git_lists_its_own_way_is_asked_of_git(git_repo: GitRepo, upstream: list[tuple[str, dict]]) -> None:
    """Where a path is a folder of another at some commit, or a name has a part fast-import reads its own way, the
    fixture tells nothing and the audit asks git, as before."""
    from aeon_release.domain.audits import diffs
    from tests.audits.conftest import _changed_paths

    assert _changed_paths({"a": "a\n", "d.py": "d\n"}, upstream, {"d.py": "e\n"}) is None
    told = dict(diffs._TOLD)
    if not any(rel.startswith(('"', ".")) for _, files in upstream for rel in files):  # shapes fast-import takes
        # the merge is made, nothing told
        git_repo.three_way({"a": "a\n", "d.py": "d\n"}, upstream, {"d.py": "e\n"})
        assert diffs._TOLD == told


def test_the_audit_takes_the_changes_told_instead_of_asking_git(git_repo: GitRepo, no_rules: Path) -> None:
    """The audit of the merged tree takes what ``three_way`` told (once: a later audit of the same merge asks git),
    and its findings are those of the lists git gives."""
    from aeon_release.domain.audits import diffs

    base = {"pkg/__init__.py": "", "pkg/a.py": "import enum\n\nclass K(enum.Enum):\n    A = 1\n    B = 2\n"}
    upstream = [("up", {"pkg/a.py": "import enum\n\nclass K(enum.Enum):\n    B = 1\n    A = 2\n"})]
    fork = {"pkg/b.py": "from pkg.a import K\n\nCODE = K(1)\n"}
    base_sha, theirs, ours = sides = git_repo.three_way(base, upstream, fork)
    assert (base_sha, ours, theirs) in diffs._TOLD
    told = git_repo.audit(no_rules, merge=_merge_sides(git_repo, sides))
    assert (base_sha, ours, theirs) not in diffs._TOLD
    diffs._STARTED.pop((base_sha, ours, theirs))  # started afresh: listed by git this time
    asked = git_repo.audit(no_rules, merge=_merge_sides(git_repo, sides))
    assert any(f.path == "pkg/b.py" for f in told.findings), [f.as_dict() for f in told.findings]
    assert [f.as_dict() for f in told.findings] == [f.as_dict() for f in asked.findings]


def _merge_sides(git_repo: GitRepo, shas: tuple[str, str, str]) -> object:
    from aeon_release.domain.audits.model import MergeSides

    base, theirs, ours = shas
    return MergeSides(git_repo.root, base, ours, theirs)


_APART = {  # (the first shape's upstream deletes where its fork adds: merge-tree merges it, as below)
    **{shape: sides for shape, sides in _SHAPES.items() if shape != "edits, adds and deletes"},
    "upstream deletes, the fork edits elsewhere": (
        {"a.py": "x = 1\n", "pkg/b.py": "y = 1\n"},
        [("up", {"pkg/b.py": None})],
        {"a.py": "x = 2\n"},
    ),
    "a folder upstream adds, files beside the fork's": (
        {"pkg/a.py": "x = 1\n"},
        [("one", {"pkg/sub/c.py": "c\n"}), ("two", {"pkg/a.py": "x = 2\n"})],
        {"pkg/sub/d.py": "d\n", "pkg/b.py": "b\n"},
    ),
}


@pytest.mark.parametrize("shape", list(_APART))
def test_a_merge_of_sides_apart_is_the_tree_git_merges(git_repo: GitRepo, shape: str) -> None:
    """Where the sides changed no path in common, ``three_way`` writes upstream's changes on the fork's commit in
    its one fast-import and takes that tree (suitespeed19): it must be ``merge-tree``'s own, id for id, the branch
    left on the fork's commit and the checkout ``git merge``'s."""
    from tests.audits.conftest import _changed_paths, _merged_apart

    base, upstream, fork = _APART[shape]
    apart = _merged_apart(base, upstream, fork, _changed_paths(base, upstream, fork))
    _, theirs, ours = git_repo.three_way(base, upstream, fork)
    asked = subprocess.run(
        ["git", "merge-tree", "--write-tree", "--no-messages", ours, theirs],
        cwd=git_repo.root,
        capture_output=True,
        text=True,
        check=True,
    )
    assert apart is not None and git_repo.merged_tree == asked.stdout.split()[0]
    head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=git_repo.root, capture_output=True, text=True, check=True)
    assert head.stdout.strip() == ours  # the branch left on the fork's commit, nothing checked out yet
    if not upstream:
        return  # (no upstream branch to check out a merge of)
    assert git_repo.git("rev-parse", "HEAD^{tree}", "HEAD^1", "HEAD^2").split() == [
        asked.stdout.split()[0],
        ours,
        theirs,
    ]


@pytest.mark.parametrize(
    ("base", "upstream", "fork"),
    [
        (
            {"a.py": "x = 1\ny = 1\n\n\n\nz = 1\n"},
            [("up", {"a.py": "x = 2\ny = 1\n\n\n\nz = 1\n"})],
            {"a.py": "x = 1\ny = 1\n\n\n\nz = 2\n"},
        ),
        (
            {"a/x.py": "x = 1\n", "a/y.py": "y = 1\n"},
            [("up", {"a/x.py": None, "a/y.py": None, "b/x.py": "x = 1\n", "b/y.py": "y = 1\n"})],
            {"a/z.py": "z = 1\n"},
        ),
        ({"a": "a\n"}, [("up", {"a": None, "a/b.py": "b\n"})], {"c.py": "c\n"}),
    ],
    ids=["both sides edit one file", "upstream moves a folder the fork adds to", "a file made a folder"],
)
def test_sides_that_meet_are_merged_by_git(
    git_repo: GitRepo, base: dict[str, str], upstream: list[tuple[str, dict]], fork: dict[str, str]
) -> None:
    """Sides changing one path (merge-ort merges the file), upstream deleting where the fork adds (merge-ort's
    directory renames may move the fork's new files) or a path some commit makes a folder: ``merge-tree`` merges,
    as before, and the tree is its own."""
    from tests.audits.conftest import _changed_paths, _merged_apart

    assert _merged_apart(base, upstream, fork, _changed_paths(base, upstream, fork)) is None
    try:
        _, theirs, ours = git_repo.three_way(base, upstream, fork)
    except AssertionError as stopped:
        assert "merge-tree" in str(stopped)  # git flagged it (a moved folder's new file is a conflict): as before
        return
    asked = subprocess.run(
        ["git", "merge-tree", "--write-tree", "--no-messages", ours, theirs],
        cwd=git_repo.root,
        capture_output=True,
        text=True,
    )
    assert git_repo.merged_tree == asked.stdout.split()[0]
