"""Fixtures for the audit tests: small trees, rule folders and real git repositories with merges.

A new test's error rows that each put one fork module beside the same base and upstream (none importing another's,
none defining a class or a name another row's module could resolve to) share one merge and one audit a process:
ask ``drift_shapes.audited_row`` (``merge_case`` and ``audit_tree``) or ``drift/trees.row_side_by_side``
(``three_way`` and ``audit``) for the row's module and findings, ``rule`` None for an assertion over every rule's
errors (``rows_side_by_side``).  Each merge is some 6.7 git processes (suitespeed19); quiet rows keep their own.

``GitRepo.three_way`` leaves its merge in git's objects (``fast-import`` and ``merge-tree --write-tree``, two git
processes; one, the fast-import, where the sides changed no path in common: suitespeed19) and checks it out only when
a test uses the work tree (``path``, ``git``, ``commit``); audit a merge with
``repo.audit(config, merge=sides)`` (or the helpers of ``drift_shapes`` and ``drift/trees``), which reads the merged
tree as the merge step's own audit does, with no checkout (suitespeed16) and told where the repository is
(``tell_places``, suitespeed17) and which paths each side changed (``diffs.told_changes``, suitespeed18):
``audit_tree(repo.path, ...)`` is right too, but pays the checkout, the merge in the
work tree and the work tree's listing (~5 git processes more).  A work
tree audited before its merge is checked out (a path taken before the build) fails the test: never an empty tree."""

from __future__ import annotations

import datetime
import os
import subprocess
import sys
from collections.abc import Callable, Collection, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING, Any, TypeVar

import pytest

from aeon_release.adapters.git import told_places
from aeon_release.domain.audits import AuditReport, audit_tree
from aeon_release.domain.audits.diffs import told_changes
from aeon_release.domain.audits.source import GitTree, WorkTree
from tests.helpers import init_repo

if TYPE_CHECKING:
    from aeon_release.domain.audits.model import Finding

REPO_ROOT = Path(__file__).resolve().parents[2]


def write_tree(root: Path, files: Mapping[str, str]) -> Path:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


class GitRepo:
    """A real repository driven by the git binary, for merges that git itself performs."""

    def __init__(self, path: Path) -> None:
        self.root = path  # the work tree's folder; ``path`` is the same folder with ``three_way``'s merge checked out
        self._merged_tree: str | None = None  # a merge ``three_way`` wrote to git's objects only, not yet checked out
        init_repo(path)

    @property
    def path(self) -> Path:
        """The work tree, holding ``three_way``'s merge: checked out here first when the merge is still in git's
        objects only.  Every use of the checkout (a test's, or the ``git`` and ``commit`` helpers') comes through
        here, so it finds the same branch, index, files and merge commit as before (suitespeed16)."""
        self._check_out()
        return self.root

    def _check_out(self) -> None:
        """The fork's commit in the index and the work tree, then git's own merge of ``upstream`` there: the
        state ``three_way`` left before suitespeed16, now made when first used."""
        if self._merged_tree is None:
            return
        self._merged_tree = None
        _UNCHECKED.discard(str(self.root.absolute()))
        self.git("reset", "--hard", "--quiet")
        self._merge_clean("upstream")  # (the merge's id is not returned: no rev-parse)

    @contextmanager
    def audited(self) -> Iterator[Path | GitTree]:
        """What a row helper audits after ``three_way``: the merged tree read from git's objects (a ``GitTree``,
        as the merge step's own audit reads a merge: no checkout, no ``ls-files``, ``diff-files`` or
        ``rev-parse``) while nothing used the checkout; the checkout (a Path) once anything did, as before."""
        if self._merged_tree is None:
            yield self.path
            return
        self.tell_places()
        tree = GitTree(self.root, self._merged_tree)
        try:
            yield tree
        finally:
            tree.close()

    def tell_places(self) -> None:
        """Where this repository is (its top and its common git directory), told to the engine as a merge's checks
        are told it by the command that started them (``known_places``): the one ``rev-parse --show-toplevel
        --git-common-dir`` an audit of the merged tree would ask of a folder this fixture made (suitespeed17).  The
        engine's own asking is what ``test_audit_git_processes`` counts, on the checkout, where nothing is told."""
        told_places(self.root, {"top": str(self.root.resolve()), "common": str((self.root / ".git").resolve())})

    @property
    def merged_tree(self) -> str | None:
        """The tree id of ``three_way``'s merge while it is in git's objects only (None once checked out)."""
        return self._merged_tree

    def audit(self, config_dir: Path, **options: Any) -> AuditReport:
        """``audit_tree`` of ``audited()``: the merge's tree, or the checkout once anything used it."""
        with self.audited() as tree:
            return audit_tree(tree, config_dir, **options)

    def git(self, *args: str, check: bool = True) -> str:
        done = subprocess.run(["git", *args], cwd=self.path, capture_output=True, text=True)
        if check and done.returncode != 0:
            raise AssertionError(f"git {' '.join(args)} failed: {done.stderr}{done.stdout}")
        return done.stdout.strip()

    def commit(self, files: Mapping[str, str], message: str) -> str:
        write_tree(self.path, files)
        self.git("add", "--all")
        self.git("commit", "--quiet", "-m", message)
        return self.git("rev-parse", "HEAD")

    def merge(self, rev: str) -> str:
        """A merge that must be clean: the silent killers are exactly the merges git did not flag."""
        self._merge_clean(rev)
        return self.git("rev-parse", "HEAD")

    def _merge_clean(self, rev: str) -> None:
        """git's own merge in the work tree; a conflict fails the test here (``git merge`` exits 1 on any
        conflict, so no unmerged path is left for a later look to find)."""
        self.git("merge", "--no-ff", "--no-edit", "--quiet", rev)

    def three_way(
        self,
        base: Mapping[str, str],
        upstream: Sequence[tuple[str, Mapping[str, str | None]]],
        fork: Mapping[str, str],
        fork_message: str = "fork change",
    ) -> tuple[str, str, str]:
        """base on main; upstream's commits (subject, files; None deletes) on a branch ``upstream``; the
        fork's commit on main; then git merges upstream into main (``merge``).  The base, upstream's
        last and the fork's commit.

        The same commits as ``commit`` makes one by one (same trees, messages, names and dates, so the
        same ids), written by one ``git fast-import`` instead of an add, a commit and a rev-parse each
        plus two checkouts: ~13 git processes fewer per merge, and the audit tests make ~350 merges.
        The merge itself is git's own, in the work tree, as before.  A repository that has commits or
        files already takes the one-by-one way (``commit`` adds whatever the work tree holds)."""
        if not self._fresh():
            base_sha = self.commit(base, "base")
            self.git("checkout", "--quiet", "-b", "upstream")
            for subject, files in upstream:
                for rel in [r for r, text in files.items() if text is None]:
                    (self.path / rel).unlink()
                self.commit({r: t for r, t in files.items() if t is not None}, subject)
            theirs = self.git("rev-parse", "HEAD")
            self.git("checkout", "--quiet", "main")
            ours = self.commit(fork, fork_message)
            self.merge("upstream")
            return base_sha, theirs, ours
        author, committer = _ident("AUTHOR"), _ident("COMMITTER")
        stream = bytearray()

        def commit(ref: str, mark: int, message: str, files: Mapping[str, str | None], parent: int | None) -> None:
            data = message.encode() + b"\n"  # what `commit -m MESSAGE` stores
            stream.extend(f"commit {ref}\nmark :{mark}\n".encode())
            stream.extend(b"author " + author + b"\ncommitter " + committer + b"\n")
            stream.extend(b"data %d\n%s\n" % (len(data), data))
            if parent is not None:
                stream.extend(b"from :%d\n" % parent)
            for rel, text in files.items():
                if text is None:
                    stream.extend(b"D " + rel.encode() + b"\n")
                else:
                    blob = text.encode("utf-8")
                    stream.extend(b"M 100644 inline " + rel.encode() + b"\ndata %d\n%s\n" % (len(blob), blob))

        head = (self.root / ".git" / "HEAD").read_text().strip().removeprefix("ref: refs/heads/")
        commit(f"refs/heads/{head}", 1, "base", base, None)
        for number, (subject, files) in enumerate(upstream, 2):
            commit("refs/heads/upstream", number, subject, files, 1 if number == 2 else None)
        fork_mark = len(upstream) + 2
        commit(f"refs/heads/{head}", fork_mark, fork_message, fork, None)
        listed = _changed_paths(base, upstream, fork)
        merged = _merged_apart(base, upstream, fork, listed)
        if merged is not None:
            # the fork's commit with upstream's changes on top, its tree the merge's (``_merged_apart``); the
            # branch put back on the fork's commit, the commit left unreferenced
            commit(f"refs/heads/{head}", fork_mark + 1, "merged", merged, fork_mark)
            stream.extend(b"reset refs/heads/%s\nfrom :%d\n\n" % (head.encode(), fork_mark))
        # the three ids on stdout (``get-mark``) rather than through an --export-marks file in a folder made
        # and removed for it, per case; then the merged tree's (``ls`` of its root)
        wanted = (1, fork_mark - 1, fork_mark)
        stream.extend(b"".join(b"get-mark :%d\n" % mark for mark in wanted))
        if merged is not None:
            stream.extend(b'ls :%d ""\n' % (fork_mark + 1))
        done = subprocess.run(
            ["git", "fast-import", "--quiet", "--done"],
            cwd=self.root,
            input=bytes(stream) + b"done\n",
            capture_output=True,
        )
        if done.returncode != 0:
            raise AssertionError(f"git fast-import failed: {done.stderr.decode(errors='replace')}")
        base_sha, theirs, ours, *root = done.stdout.decode().split()
        self._merged_tree = root[2] if merged is not None else self._merge_tree(ours, theirs)  # ls: mode, kind, id
        if listed is not None:
            told_changes(base_sha, ours, theirs, *listed)
        _UNCHECKED.add(str(self.root.absolute()))
        return base_sha, theirs, ours

    def _merge_tree(self, ours: str, theirs: str) -> str:
        """git's own merge of the two commits (``merge-tree --write-tree``: merge-ort, as ``git merge`` runs it)
        written to the object store only: the merged tree's id.  One process where a checkout of the fork's
        commit and a merge in the work tree were two (and wrote every file, the index and a commit); ``path``
        checks that merge out when a test uses the work tree.  A conflict fails the test here, as ``git merge``'s
        exit status did (merge-tree exits 1 on any conflict)."""
        done = subprocess.run(
            ["git", "merge-tree", "--write-tree", "--no-messages", ours, theirs],
            cwd=self.root,
            capture_output=True,
            text=True,
        )
        if done.returncode != 0:
            raise AssertionError(f"git merge-tree (git merge's merge) failed: {done.stderr}{done.stdout}")
        return done.stdout.split()[0]

    def _fresh(self) -> bool:
        """No commit on any branch, nothing in the work tree but .git."""
        git_dir = self.root / ".git"
        heads = git_dir / "refs" / "heads"
        return (
            not any(heads.rglob("*"))
            and not (git_dir / "packed-refs").exists()
            and [p.name for p in self.root.iterdir()] == [".git"]
        )


def _changed_paths(
    base: Mapping[str, str], upstream: Sequence[tuple[str, Mapping[str, str | None]]], fork: Mapping[str, str]
) -> tuple[list[str], list[str]] | None:
    """The paths upstream's last commit and the fork's commit changed from the base, as ``git diff-tree -r
    --name-only`` lists them (in git's order: every path a file, byte order is tree order), worked out from the
    files ``three_way`` wrote: a path whose text differs, appears or goes.  None (git is asked, as before) when a
    path is a folder of another at any commit (git lists a file made a folder its own way) or is not plainly
    spelled (fast-import reads an empty, ``.`` or ``..`` part, a newline or an opening quote its own way)."""
    theirs = dict(base)
    trees = [base, fork]
    for _, files in upstream:
        for rel, text in files.items():
            if text is None:
                theirs.pop(rel, None)
            else:
                theirs[rel] = text
        trees.append(dict(theirs))
    every = {rel for tree in (*trees, *(files for _, files in upstream)) for rel in tree}
    if any(rel.startswith('"') or "\n" in rel or part in ("", ".", "..") for rel in every for part in rel.split("/")):
        return None  # (a name opening with a quote is one fast-import unquotes)
    if any(rel[:cut] in every for rel in every for cut in range(len(rel)) if rel[cut] == "/"):
        return None
    ours = {**base, **fork}
    return (
        sorted(rel for rel in base.keys() | theirs.keys() if base.get(rel) != theirs.get(rel)),
        sorted(rel for rel in ours if base.get(rel) != ours[rel]),
    )


def _merged_apart(
    base: Mapping[str, str],
    upstream: Sequence[tuple[str, Mapping[str, str | None]]],
    fork: Mapping[str, str],
    listed: tuple[list[str], list[str]] | None,
) -> dict[str, str | None] | None:
    """Upstream's changes to write on the fork's commit (its text, None deleted) when that commit's tree is git's
    merge of the two sides, as ``merge-tree`` would write it: the sides changed no path in common (nothing for
    merge-ort to merge inside a file, nothing a rename of one side moves of the other's), every path a plain file
    (``listed``), and not both upstream deleting a path and the fork adding one (a folder upstream moved takes the
    fork's new files along: merge-ort's directory renames).  None: ``merge-tree`` merges (suitespeed19)."""
    if listed is None or set(listed[0]) & set(listed[1]):
        return None
    theirs = _upstream_files(base, upstream)
    if any(rel not in theirs for rel in listed[0]) and any(rel not in base for rel in fork):
        return None
    return {rel: theirs.get(rel) for rel in listed[0]}


def _upstream_files(
    base: Mapping[str, str], upstream: Sequence[tuple[str, Mapping[str, str | None]]]
) -> dict[str, str]:
    """The files at upstream's last commit: the base with upstream's commits applied in turn."""
    theirs = dict(base)
    for _, files in upstream:
        for rel, text in files.items():
            if text is None:
                theirs.pop(rel, None)
            else:
                theirs[rel] = text
    return theirs


# The folders of ``three_way`` merges not checked out yet: a work tree audited there (a folder taken from ``root``, or
# from ``path`` before the build) fails the test loudly instead of reading as an empty checkout.
_UNCHECKED: set[str] = set()


def _refuse_unchecked_work_trees() -> None:
    """``WorkTree`` (the engine's reader of a checkout) refuses a folder in ``_UNCHECKED``: one lookup a tree."""
    original = WorkTree.__post_init__

    def post_init(self: WorkTree) -> None:
        root = Path(self.root).absolute()
        if _UNCHECKED and not _UNCHECKED.isdisjoint(map(str, (root, *root.parents))):
            raise AssertionError(f"{root}: a three_way merge not checked out yet; use GitRepo.path or GitRepo.audit")
        original(self)

    WorkTree.__post_init__ = post_init  # type: ignore[method-assign]


_refuse_unchecked_work_trees()


def _ident(who: str) -> bytes:
    """``git var GIT_<WHO>_IDENT``: name, email and a raw date, as git records them; worked out here
    from the tests' fixed GIT_<WHO>_NAME, _EMAIL and ISO _DATE when all three are set."""
    name, email, date = (os.environ.get(f"GIT_{who}_{part}") for part in ("NAME", "EMAIL", "DATE"))
    if name and email and date:
        try:
            when = datetime.datetime.fromisoformat(date)
        except ValueError:
            when = None
        offset = when.utcoffset() if when is not None else None
        if when is not None and offset is not None:
            minutes = int(offset.total_seconds()) // 60
            zone = f"{'-' if minutes < 0 else '+'}{abs(minutes) // 60:02d}{abs(minutes) % 60:02d}"
            return f"{name} <{email}> {int(when.timestamp())} {zone}".encode()
    return subprocess.run(["git", "var", f"GIT_{who}_IDENT"], capture_output=True, check=True).stdout.strip()


@pytest.fixture
def tree(tmp_path: Path) -> Callable[[Mapping[str, str]], Path]:
    def make(files: Mapping[str, str]) -> Path:
        return write_tree(tmp_path / "tree", files)

    return make


@pytest.fixture
def rules_dir(tmp_path: Path) -> Callable[..., Path]:
    """A config folder with audits/<name>.yaml files from keyword arguments."""

    def make(**files: str) -> Path:
        config = tmp_path / "config"
        (config / "audits").mkdir(parents=True, exist_ok=True)
        for name, text in files.items():
            (config / "audits" / f"{name}.yaml").write_text(text, encoding="utf-8")
        return config

    return make


@pytest.fixture
def git_repo(tmp_path: Path) -> GitRepo:
    return GitRepo(tmp_path / "repo")


@pytest.fixture
def fleet_config() -> Path:
    """The fleet's real rules (top-level audits/), so the tests prove those rules catch the killers."""
    return REPO_ROOT


def config_without_rules(root: Path) -> Path:
    """A config folder without fleet rules: only the engine's merge-aware checks run."""
    (root / "audits").mkdir(parents=True, exist_ok=True)
    (root / "audits" / "none.yaml").write_text("rules: []\n")
    return root


@pytest.fixture
def no_rules(tmp_path: Path) -> Path:
    return config_without_rules(tmp_path / "cfg")


_T = TypeVar("_T")
_SIDE_BY_SIDE: dict[str, dict[str, list[Finding]]] = {}


def rows_side_by_side(
    inputs: object, paths: Collection[str], rule_id: str | None, audit: Callable[[], Iterable[Finding]]
) -> dict[str, list[Finding]]:
    """``rule_id``'s findings on each of ``paths`` from one ``audit()`` a process, kept under ``inputs`` (its trees).

    Parametrized rows that each put one fork module beside the same base and upstream, none importing another's, share
    one merge and one audit of all their modules side by side (suitespeed11; suitespeed8-10 wrote it file by file):
    each row asks for the same ``inputs`` and reads its own module's findings.  A finding of the rule outside
    ``paths`` fails the batch, so no row's finding can hide in another's module.  ``rule_id`` None keeps every
    rule's findings, for rows whose assertion reads every rule's errors (suitespeed14); then an error outside
    ``paths`` fails the batch (a warning there, as the config's own note that it defines no rules, is no row's)."""
    key = repr((inputs, sorted(paths), rule_id))
    if key not in _SIDE_BY_SIDE:
        found = [f for f in audit() if rule_id is None or f.rule_id == rule_id]
        held = [f for f in found if rule_id is not None or f.severity.value == "error"]
        assert {f.path for f in held} <= set(paths), sorted({f.path for f in held})
        _SIDE_BY_SIDE[key] = {path: [f for f in found if f.path == path] for path in paths}
    return _SIDE_BY_SIDE[key]


def calls_made(work: Callable[[], _T]) -> tuple[int, _T]:
    """(calls, result) of ``work()``: every Python call and every C call made from Python (``sys.setprofile``).
    The cost tests count work at two sizes rather than time it, so a loaded machine cannot fail them."""
    calls = 0

    def count(frame: FrameType, event: str, arg: object) -> None:
        nonlocal calls
        calls += event in ("call", "c_call")

    sys.setprofile(count)
    try:
        result = work()
    finally:
        sys.setprofile(None)
    return calls, result
