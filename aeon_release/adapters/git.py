"""The only GitPython importer.

Everything here runs the real git binary through GitPython.  Shas, names and plain values leave
this module; ``git.Repo`` objects never do.
"""
from __future__ import annotations

import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import git

from aeon_release.adapters import blobs
from aeon_release.errors import GitError, UsageError

# Names that reach git must look like names: no shell metacharacters, no option injection.
_SAFE_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._/+-]{0,199}$")


def validate_ref_name(name: str, what: str = "ref") -> str:
    """Reject a tag or branch name before it reaches git (``v0.29.0; rm -rf ~`` and friends)."""
    if not _SAFE_NAME.match(name) or ".." in name or name.endswith((".lock", "/", ".")) or "//" in name:
        raise UsageError(
            f"{what} {name!r} is not a valid name",
            "use letters, digits and . _ / + - only, e.g. v0.29.0 or fork-v0.27.1",
        )
    return name


@dataclass(frozen=True)
class Commit:
    sha: str
    subject: str


@dataclass(frozen=True)
class StepOutcome:
    """What a merge, cherry-pick or patch application did to the work tree."""

    ok: bool
    conflicts: tuple[str, ...] = ()
    empty: bool = False  # nothing left to apply: the change is already there


class Git:
    """A git checkout (main work tree or linked worktree), by path."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        try:
            self._repo = git.Repo(self.path, search_parent_directories=True)
        except (git.InvalidGitRepositoryError, git.NoSuchPathError):
            raise GitError(f"{self.path}: not a git repository", "pass --repo the fork's checkout") from None
        if self._repo.bare:
            raise GitError(f"{self.path}: is a bare repository", "pass --repo a checkout with a work tree")
        self._git = self._repo.git

    @classmethod
    def init(cls, path: Path) -> None:
        git.Repo.init(path, initial_branch="main")

    @classmethod
    def clone(cls, source: Path, path: Path) -> Git:
        git.Repo.clone_from(str(source), str(path))
        return cls(path)

    # -- low level ------------------------------------------------------------------------------
    def run(self, *args: str, env: dict[str, str] | None = None) -> str:
        try:
            return str(self._git.execute(["git", *args], env=env, strip_newline_in_stdout=True))
        except git.GitCommandError as exc:
            stderr = (exc.stderr or "").strip().replace("stderr: ", "").strip("'\n ")
            last = stderr.splitlines()[-1] if stderr else f"exit {exc.status}"
            raise GitError(f"git {args[0]} failed in {self.path}: {last}") from None

    def try_run(self, *args: str, env: dict[str, str] | None = None) -> tuple[int, str, str]:
        """Run git and return (status, stdout, stderr) without raising."""
        status, out, err = self._git.execute(
            ["git", *args], with_extended_output=True, with_exceptions=False, env=env
        )
        return int(status), str(out), str(err)

    # -- places ---------------------------------------------------------------------------------
    @property
    def toplevel(self) -> Path:
        return Path(self.run("rev-parse", "--show-toplevel"))

    @property
    def common_dir(self) -> Path:
        """The shared .git directory (the same for every linked worktree)."""
        return Path(self.run("rev-parse", "--path-format=absolute", "--git-common-dir"))

    @property
    def git_dir(self) -> Path:
        return Path(self.run("rev-parse", "--path-format=absolute", "--git-dir"))

    # -- reading --------------------------------------------------------------------------------
    def resolve(self, rev: str) -> str | None:
        """The commit sha a revision names, or None."""
        status, out, _ = self.try_run("rev-parse", "--verify", "--quiet", f"{rev}^{{commit}}")
        return out.strip() if status == 0 and out.strip() else None

    def head(self) -> str:
        sha = self.resolve("HEAD")
        if sha is None:
            raise GitError(f"{self.path}: HEAD has no commit")
        return sha

    def branch_sha(self, branch: str) -> str | None:
        return self.resolve(f"refs/heads/{branch}")

    def local_branches(self, pattern: str = "*") -> list[str]:
        out = self.run("for-each-ref", "--format=%(refname:short)", f"refs/heads/{pattern}")
        return [line for line in out.splitlines() if line]

    def remotes(self) -> list[str]:
        return [line for line in self.run("remote").splitlines() if line]

    def merge_base(self, a: str, b: str) -> str | None:
        status, out, _ = self.try_run("merge-base", a, b)
        return out.strip() if status == 0 and out.strip() else None

    def is_ancestor(self, ancestor: str, descendant: str) -> bool:
        status, _, _ = self.try_run("merge-base", "--is-ancestor", ancestor, descendant)
        return status == 0

    def commits(self, *revs: str) -> list[Commit]:
        """Commits reachable from ``revs`` (``^rev`` excludes), newest first."""
        out = self.run("log", "--format=%H%x00%s", *revs, "--")
        return [Commit(*line.split("\x00", 1)) for line in out.splitlines() if "\x00" in line]

    def subject(self, rev: str) -> str:
        return self.run("log", "-1", "--format=%s", rev)

    def message(self, rev: str) -> str:
        return self.run("log", "-1", "--format=%B", rev)

    def changed_files(self, rev: str) -> list[str]:
        out = self.run("diff-tree", "--no-commit-id", "--name-only", "-r", "-m", "--first-parent", rev)
        return [line for line in out.splitlines() if line]

    def files_between(self, a: str, b: str) -> list[str]:
        """Paths that differ between two revisions, NUL-separated so that no name is ever quoted."""
        return blobs.diff_names(self.path, a, b)

    def cherry(self, upstream: str, head: str, limit: str | None = None) -> dict[str, bool]:
        """``git cherry``: for each commit of head not in upstream, True if an equivalent is there."""
        args = ["cherry", upstream, head] + ([limit] if limit else [])
        result = {}
        for line in self.run(*args).splitlines():
            sign, _, sha = line.partition(" ")
            result[sha.strip()] = sign == "-"
        return result

    def patch_ids(self, revs: list[str]) -> dict[str, str]:
        """Stable patch-id of each commit (the key `git cherry` matches on)."""
        if not revs:
            return {}
        diff = self.run("show", "--no-color", "--pretty=format:commit %H", "--patch", *revs)
        done = subprocess.run(["git", "-C", str(self.path), "patch-id", "--stable"], input=diff + "\n",
                              capture_output=True, text=True, check=False)
        result = {}
        for line in done.stdout.splitlines():
            pid, _, sha = line.partition(" ")
            result[sha.strip()] = pid
        return result

    def commits_touching(self, rev_range: str, paths: list[str]) -> list[str]:
        if not paths:
            return []
        out = self.run("log", "--format=%H", "--no-merges", rev_range, "--", *paths)
        return [line for line in out.splitlines() if line]

    def status_porcelain(self) -> str:
        return self.run("status", "--porcelain=v1", "--untracked-files=all")

    def unmerged_files(self) -> list[str]:
        out = self.run("diff", "--name-only", "--diff-filter=U")
        return sorted({line for line in out.splitlines() if line})

    def show_file(self, rev: str, path: str) -> str | None:
        status, out, _ = self.try_run("show", f"{rev}:{path}")
        return out if status == 0 else None

    def in_progress(self) -> str | None:
        """Which multi-step git operation this work tree is in the middle of, if any."""
        gd = self.git_dir
        for name, op in (("MERGE_HEAD", "merge"), ("CHERRY_PICK_HEAD", "cherry-pick"), ("REVERT_HEAD", "revert")):
            if (gd / name).exists():
                return op
        if (gd / "rebase-merge").exists() or (gd / "rebase-apply").exists():
            return "rebase"
        return None

    # -- writing --------------------------------------------------------------------------------
    def worktree_add(self, path: Path, rev: str) -> None:
        self.run("worktree", "add", "--quiet", "--detach", str(path), rev)

    def worktree_remove(self, path: Path) -> None:
        """Remove one worktree of ours; never `git worktree prune`, which would also drop the
        user's worktrees whose folders are merely unreachable right now."""
        if path.exists():
            self.try_run("worktree", "remove", "--force", "--force", str(path))
        if path.exists():
            shutil.rmtree(path, ignore_errors=True)
        admin = self.common_dir / "worktrees"
        for entry in admin.iterdir() if admin.is_dir() else ():
            gitdir = entry / "gitdir"
            try:
                registered = Path(gitdir.read_text().strip()).parent
            except OSError:
                continue
            if registered == path or registered.resolve() == path.resolve():
                shutil.rmtree(entry, ignore_errors=True)

    def create_branch(self, name: str, sha: str) -> None:
        # update-ref with an all-zero old value refuses to overwrite an existing branch.
        self.run("update-ref", f"refs/heads/{name}", sha, "0" * 40)

    def merge(self, rev: str, message: str) -> StepOutcome:
        status, out, err = self.try_run("merge", "--no-ff", "--no-edit", "-m", message, rev)
        return self._outcome(status, out, err)

    def cherry_pick(self, sha: str) -> StepOutcome:
        status, out, err = self.try_run("cherry-pick", "-x", "--allow-empty", sha)
        text = out + err
        if status != 0 and not self.unmerged_files() and ("now empty" in text or "nothing to commit" in text):
            self.try_run("cherry-pick", "--skip")
            return StepOutcome(ok=True, empty=True)  # the change is already on the branch
        return self._outcome(status, out, err)

    def apply_patch(self, patch: Path) -> StepOutcome:
        """Apply a patch three-way; an already-applied patch comes back empty."""
        status, _, _ = self.try_run("apply", "--check", "--reverse", str(patch))
        if status == 0:
            return StepOutcome(ok=True, empty=True)  # the patch is already applied
        status, _, _ = self.try_run("apply", "--3way", "--index", str(patch))
        if status != 0:
            conflicts = self.unmerged_files()
            return StepOutcome(ok=False, conflicts=tuple(conflicts))
        return StepOutcome(ok=True)

    def commit(self, message: str) -> str:
        self.run("commit", "--quiet", "--no-verify", "-m", message)
        return self.head()

    def staged_changes(self) -> bool:
        status, _, _ = self.try_run("diff", "--cached", "--quiet")
        return status != 0

    def conclude(self) -> bool:
        """Finish a merge or cherry-pick whose conflicts a person resolved (and staged).

        Returns False when the person resolved a cherry-pick by dropping the change (nothing staged).
        """
        op = self.in_progress()
        if op == "cherry-pick":
            if not self.staged_changes():
                # Committed already (a run killed in a post-commit hook), or dropped by the person.
                picking = (self.git_dir / "CHERRY_PICK_HEAD").read_text().strip()
                committed = f"cherry picked from commit {picking}" in self.message("HEAD")
                self.run("cherry-pick", "--quit" if committed else "--skip")
                return committed
            self.run("-c", "core.editor=true", "cherry-pick", "--continue")
        elif op == "merge":
            self.run("commit", "--quiet", "--no-verify", "--no-edit")
        return True

    def untracked(self) -> list[str]:
        out = self.run("ls-files", "--others", "--exclude-standard")
        return [line for line in out.splitlines() if line]

    def stage_tracked(self) -> None:
        """Stage changes to tracked files only: stray files (`*.orig`, notes) never ride along."""
        self.run("add", "--update")

    def _outcome(self, status: int, out: str, err: str) -> StepOutcome:
        if status == 0:
            return StepOutcome(ok=True)
        conflicts = self.unmerged_files()
        if conflicts:
            return StepOutcome(ok=False, conflicts=tuple(conflicts))
        raise GitError(f"git failed in {self.path}: {(err or out).strip().splitlines()[-1:]}")




# -- for the audits ------------------------------------------------------------------------------
def diff_zero_context(path: Path, a: str, b: str) -> str:
    """``git diff -U0`` between two commits, renames off: the merge-aware audits parse its hunks."""
    return Git(path).run("diff", "-U0", "--no-color", "--no-ext-diff", "--no-renames", "--irreversible-delete", a, b)


def changed_since(path: Path, rev: str, until: str | None = None) -> list[str]:
    """Files that differ between ``rev`` and ``until`` (default: the work tree, untracked files too)."""
    git = Git(path)
    if git.resolve(rev) is None:
        raise GitError(f"revision {rev!r} does not exist in {path}", "pass --changed-since a branch, tag or commit")
    if until is not None:
        return git.files_between(rev, until)
    tracked = blobs.diff_names(path, rev)
    untracked = git.run("ls-files", "-z", "--others", "--exclude-standard")
    return sorted({*tracked, *(name for name in untracked.split("\0") if name)})
