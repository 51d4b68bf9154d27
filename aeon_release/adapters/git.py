"""The git adapter: everything here runs the real git binary, with one environment (gitenv) and
fixed options.  Shas, names and plain values leave this module.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import errno
import functools
import hashlib
import os
import posixpath
import re
import shutil
import stat
import subprocess
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from aeon_release.adapters import blobs, files
from aeon_release.adapters.gitenv import (
    case_as_the_disk,
    check_ignore_files,
    check_repository_files,
    git_env,
    transports,
)
from aeon_release.adapters.process import bounded_run, has_terminal
from aeon_release.errors import (
    DISK_ERRNOS,
    AeonError,
    GitError,
    UsageError,
    environment_hint,
    printable,
    quoted,
    shell_word,
)

# Names that reach git must look like names: no shell metacharacters, no option injection.
_SAFE_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._/+-]{0,199}\Z")


def ref_name_problem(name: str) -> str | None:
    """Why git would refuse ``name`` as a branch or tag (`git check-ref-format`'s rules for the names this
    tool makes), or None: a component that starts with ``.`` or ends in ``.lock`` (``a.lock/v1``) as well
    as ``..``, ``//`` and a trailing ``/`` or ``.``."""
    if not name:
        return "it is empty"
    if len(name) > 200:
        return "it is longer than 200 characters"
    if not _SAFE_NAME.match(name):
        other = next((c for c in name if not (c.isascii() and (c.isalnum() or c in "._/+-"))), None)
        if other is not None:  # a fullwidth digit or a Cyrillic letter that looks like a Latin one, a space, '@{'
            return f"it holds {quoted(other)}: only ASCII letters, digits and . _ / + - are taken"
        return "it does not start with an ASCII letter or digit"
    if ".." in name or "//" in name or name.endswith(("/", ".")):
        return "it holds '..' or '//', or ends in '/' or '.'"
    if any(part.startswith(".") or part.endswith(".lock") for part in name.split("/")):
        return "a part of it starts with '.' or ends in '.lock'"
    return None


def validate_ref_name(name: str, what: str = "ref") -> str:
    """Reject a tag or branch name before it reaches git (``v0.29.0; rm -rf ~`` and friends)."""
    problem = ref_name_problem(name)
    if problem is not None:
        # `v0..29` and `v1.lock` were told to "use letters, digits and . _ / + - only", which they do: the line
        # names the rule the name breaks.  The hint says what this tool takes, which is narrower than git
        # (git takes `a@b`, `_x`, `résumé`).
        raise UsageError(
            f"{what} {quoted(name)} is not a valid name: {problem}",
            "a name this tool takes: ASCII letters, digits and . _ / + -, starting with a letter or digit, up to 200 "
            "characters, e.g. v0.29.0 or fork-v0.27.1",
        )
    return name


@dataclass(frozen=True)
class Commit:
    sha: str
    subject: str


@dataclass(frozen=True)
class Signature:
    """A commit's signature as git judges it for a merge (``Git.merge_signature``)."""

    good: bool  # good, and by a key trusted enough
    result: str  # git's %G?: G good, B bad, U good of unknown validity, X/Y expired, R revoked, E unchecked, N none
    signer: str


@dataclass(frozen=True)
class TreeMerge:
    """What `git merge-tree --write-tree` made: a tree (with conflict markers when not clean)."""

    tree: str
    conflicts: tuple[str, ...] = ()
    failed: str = ""  # why git could not produce a tree at all (a patch that does not apply)

    @property
    def clean(self) -> bool:
        return not self.conflicts and not self.failed


@dataclass(frozen=True)
class HookResult:
    name: str
    status: int
    output: str

    @property
    def ok(self) -> bool:
        return self.status == 0


# git's words (C locale) for a ref lock it cannot make because nothing here can be written
_CANNOT_WRITE = (b"Read-only file system", b"Permission denied")
# A throwaway commit object (never on any branch) gets a fixed identity: the same inputs give the
# same sha, and no user identity or signing key is needed to make it.
_SCRATCH_ENV = {
    "GIT_AUTHOR_NAME": "aeon-release",
    "GIT_AUTHOR_EMAIL": "aeon-release@localhost",
    "GIT_COMMITTER_NAME": "aeon-release",
    "GIT_COMMITTER_EMAIL": "aeon-release@localhost",
}


# Patches this tool parses look the same whatever the user's git config says: diff.noprefix or
# diff.mnemonicPrefix (no "b/"), diff.interHunkContext (-U0 hunks fused with context), color.diff,
# diff.external, textconv drivers, diff.relative; and whatever a tree's .gitattributes says: ``*.py -diff``
# (or ``binary``) made every patch "Binary files a/m.py and b/m.py differ", with no line for the checks.
PATCH_OPTIONS = (
    "--text",
    "--no-color",
    "--no-ext-diff",
    "--no-textconv",
    "--src-prefix=a/",
    "--dst-prefix=b/",
    "--inter-hunk-context=0",
    "--no-relative",
)

# Every ``git grep`` the tool reads, printed the same whatever the config: ``grep.lineNumber=true`` (a common
# setting) put ``NUM\0`` between each path and its line and ``grep.column`` ``COL\0`` too, so every line read
# "held a NUL" and was dropped as a binary file's: the drift checks found no reader of an upstream name (a knob
# still read was reported dead, an error, and a renamed symbol's callers went unseen); ``color.ui=always`` or
# ``color.grep=always`` wrapped the matches in escapes; paths are named from the top, as the tool runs git there,
# whatever ``grep.fullName`` says.  The pattern's kind is each caller's (``-F``, ``-E``), which outranks
# ``grep.patternType``.
GREP_OPTIONS = ("--no-color", "--no-line-number", "--no-column", "--full-name")

# Config that would change what the tool reads: log.showSignature puts gpg's report on every signed
# commit (GitHub signs upstream's) into `git log --format=...`'s stdout; log.follow makes a
# one-path `git log` follow renames; i18n.logOutputEncoding re-encodes every message git prints
# (``UTF-16``: the merge found no upstream commit ending in ``(#N)`` and refused its picks), and
# i18n.commitEncoding labels the UTF-8 messages the tool commits as another encoding, which git
# then converts from it when it prints them.
_OVERRIDES = (
    *("-c", "log.showSignature=false", "-c", "log.follow=false"),
    *("-c", "i18n.logOutputEncoding=UTF-8", "-c", "i18n.commitEncoding=UTF-8"),
)
# The object database's own work (``Git.plumb``) reads no attribute file of the user's or the system's
# (a ``-diff`` there made a patch "Binary files differ", a ``merge=`` there ran a driver).
_NO_ATTRIBUTE_FILES = ("-c", f"core.attributesFile={os.devnull}")


def _git_bool(value: str | None) -> bool:
    """A config value as git reads a boolean (true, yes, on, a non-zero number; unset, empty and anything else
    false: git refuses those, and the setting then does nothing here either)."""
    word = (value or "").strip().lower()
    if word in ("true", "yes", "on"):
        return True
    return word.lstrip("-").isdigit() and int(word) != 0


def _config_key(key: str) -> str:
    """A config key as ``--get-regexp`` prints it, its section and name lower-cased, a subsection kept."""
    section, _, rest = key.partition(".")
    middle, _, name = rest.rpartition(".")
    return ".".join(part for part in (section.lower(), middle, name.lower()) if part)


# the attributes that convert a file's text on its way into git: what `merge.renormalize` normalizes
_CONVERTING = ("text", "eol", "crlf", "filter", "ident", "working-tree-encoding")


def _attribute_text(folder: Path, scratch: Path) -> str:
    """The ``.gitattributes`` texts of an attribute folder (none in the scratch folder)."""
    if folder == scratch:
        return ""
    return "\n".join(p.read_text("utf-8", "replace") for p in sorted(folder.rglob(".gitattributes")) if p.is_file())


def _may_matter(text: str, renormalize: bool) -> bool:
    """Whether attribute lines may name what ``_merge_attributes`` refuses: ``union``, or under renormalize a
    converting attribute (a macro may hold either: ``[attr]`` lines are looked at too)."""
    words = ("union", *(_CONVERTING if renormalize else ()), *(("binary",) if renormalize else ()))
    return any(word in text for word in words)


# Git runs programs from the user's config and hooks: hooks (commit-msg, post-checkout on a worktree,
# reference-transaction on every ref update), gpg.program on a signed commit, merge drivers.  Any of
# them may never end (a `sleep`, a pinentry nobody answers), and git waits for them forever; a run
# here gives up after this long, naming what did not finish.  A fetch moves a fork's whole history.
PROGRAM_SECONDS = 600.0
FETCH_SECONDS = 3600.0
# Git commands that may ask the person at the terminal keep its session (``bounded_run``): a fetch (a
# password, an ssh passphrase), and at a terminal a commit that may be signed (gpg's loopback pinentry
# and ssh-keygen's passphrase prompt open /dev/tty, which a program in a session of its own has not).
_ASKS = frozenset({"fetch"})
_SIGNS = frozenset({"commit", "cherry-pick", "merge"})
# Git commands meant to reach a remote, and those that run the hooks the merge runs on purpose (a
# pre-commit hook may clone its own tools, a post-checkout one fetch): they keep the caller's transports.
# Every other git runs with none (gitenv says why); the audit runs none of these.
_REACHES = frozenset(
    {"fetch", "clone", "push", "pull", "ls-remote", "commit", "cherry-pick", "merge", "worktree", "checkout"}
)


def _run_git(
    args: Sequence[str], *, cwd: Path, env: Mapping[str, str], stdin: bytes | None = None
) -> subprocess.CompletedProcess[bytes]:
    """git with this module's fixed options, bounded (a fetch longer), and in a session of its own
    unless it may ask the person at the terminal."""
    command = next((a for i, a in enumerate(args) if a != "-c" and (i == 0 or args[i - 1] != "-c")), "")
    signs = command in _SIGNS or (command == "commit-tree" and "-S" in args)
    if command in _REACHES:
        env = transports(env)
    return bounded_run(
        ["git", *_OVERRIDES, *args],
        seconds=FETCH_SECONDS if command == "fetch" else PROGRAM_SECONDS,
        cwd=cwd,
        env=env,
        input=stdin,
        own_session=not (command in _ASKS or (signs and has_terminal())),
    )


_C_LOCALE = {"LANGUAGE": "C", "LC_ALL": "C"}  # messages parsed here ("now empty") are git's English ones


def _text(raw: bytes) -> str:
    return raw.decode("utf-8", "surrogateescape").removesuffix("\n")


def _top(path: Path) -> Path:
    """``_work_tree``, asked of git once per folder and process while that top still has its ``.git``
    (a merge's sidecar opens the same repository from half a dozen places: a git process each)."""
    where = path.absolute()
    top = _tops(str(where))
    if (top / ".git").exists() and not _nested(where, top):
        return top
    _tops.cache_clear()
    return _work_tree(path)


def _nested(where: Path, top: Path) -> bool:
    """A repository made since between ``where`` and its remembered top (``git init`` of a subfolder)."""
    return where != top and any((place / ".git").exists() for place in (where, *where.parents[: _depth(where, top)]))


def _depth(where: Path, top: Path) -> int:
    return len(where.parts) - len(top.parts) - 1 if where.is_relative_to(top) else 0


_KEPT_TOPS = 32
# A work tree's top and its .git's identity -> its common git directory.  The identity tells a .git
# made since at the same place (a worktree of another repository added where one was removed) from it.
_COMMON: dict[tuple[Path, int, int, int], Path] = {}


def _identity(top: Path) -> tuple[Path, int, int, int]:
    try:
        found = (top / ".git").stat()
    except OSError:
        return (top, -1, -1, -1)
    # an inode number may be used again: a worktree's .git file is never rewritten, so its time tells
    # (a .git folder's time changes with every write in it, its inode stays with it)
    written = found.st_mtime_ns if stat.S_ISREG(found.st_mode) else 0
    return (top, found.st_dev, found.st_ino, written)


@functools.lru_cache(maxsize=_KEPT_TOPS)
def _tops(path: str) -> Path:
    told = _TOLD_TOPS.pop(path, None)
    return told if told is not None else _work_tree(Path(path))  # an error is raised each time: lru_cache keeps results


# A folder's top as the process that started this one found it (``told_places``): taken once, instead of asking git.
_TOLD_TOPS: dict[str, Path] = {}


def known_places(path: Path) -> dict[str, str]:
    """The top of the checkout at ``path`` and its common git directory as this process knows them already, for a
    process it starts (the merge's checks, domain/audits/sidecar.py) to take instead of asking git again: two git
    processes, ~4 ms of CPU each, on the checks' path.  Asks git only what this process never asked (in a merge the
    plan asked both before it starts the checks)."""
    top = _top(path)
    common = _COMMON.get(_identity(top))
    return {"top": str(top)} | ({"common": str(common)} if common is not None else {})


def told_places(path: Path, places: Mapping[str, str]) -> None:
    """Take ``known_places(path)`` as another process found them.  Checked as this process's own answers are: a top
    whose ``.git`` is gone, or with a repository made since between it and ``path``, is asked of git again."""
    top = places.get("top")
    if not isinstance(top, str) or not os.path.isabs(top):
        return
    _TOLD_TOPS[str(path.absolute())] = Path(top)
    common = places.get("common")
    if isinstance(common, str) and os.path.isabs(common):
        _COMMON[_identity(Path(top))] = Path(common)


def _work_tree(path: Path) -> Path:
    """The top of the work tree that ``path`` is in (or whose git directory it is).

    That is the folder holding ``.git``, whatever ``core.worktree`` in the repository's config says: git took
    the folder it names for the work tree, ``audit --changed-since`` ran git there ("not a git repository") or,
    where that folder held another repository, in it."""
    status, top, common = _top_and_common(path)
    if status == 0 and top:
        where = path.absolute()
        if where.is_relative_to(top):
            if common:
                _remember_common(Path(top), Path(common))
            return Path(top)
        return next((place for place in (where, *where.parents) if (place / ".git").exists()), Path(top))
    status, git_dir_text, stderr = rev_parse(path, "--absolute-git-dir")
    if status != 0 or not git_dir_text:
        raise not_opened(path, stderr)
    git_dir = Path(git_dir_text)
    if rev_parse(path, "--is-bare-repository")[1] == "true":
        raise GitError(f"{path}: is a bare repository", "pass --repo a checkout with a work tree")
    if git_dir.name != ".git":  # a linked worktree's folder in .git/worktrees, a --separate-git-dir
        raise GitError(
            f"{path} is inside a git directory, not a checkout",
            "pass --repo the checkout whose .git file names this folder",
        )
    return _work_tree(git_dir.parent)  # `--repo fork/.git`: the work tree around it


def _top_and_common(path: Path) -> tuple[int, str, str]:
    """(status, ``--show-toplevel``, the common git directory or '') from one ``rev-parse``: ``Git.common_dir``
    asked it in a process of its own after the top, on every audit of a merge.  Two values in one answer are
    told apart only when it is exactly two non-empty lines (a path holding a newline makes it more, and
    ``rev_parse``'s one value a call is asked instead; a git without ``--path-format`` echoes it, a third line)."""
    status, out, err = rev_parse(path, "--show-toplevel", "--path-format=absolute", "--git-common-dir")
    lines = out.split("\n")
    if status != 0:
        return status, "", err
    if len(lines) == 2 and all(lines) and os.path.isabs(lines[1]):
        return status, lines[0], lines[1]
    return (*rev_parse(path, "--show-toplevel")[:2], "")


def _remember_common(top: Path, common: Path) -> None:
    """The common git directory of the work tree at ``top``, for ``Git.common_dir`` to take."""
    key = _identity(top)
    if key not in _COMMON and len(_COMMON) >= _KEPT_TOPS:
        _COMMON.clear()
    _COMMON[key] = common


def rev_parse(path: Path, *options: str) -> tuple[int, str, str]:
    """``git -C PATH rev-parse OPTIONS``: (status, the one value they ask for, stderr).  One value a call:
    git prints a path as it is, newlines too, and several values one a line could not be told apart
    (``--repo`` a folder named ``r<newline>x`` was read as the two paths ``r`` and ``x``)."""
    check_repository_files(path)
    command = ["git", "-C", str(path), "rev-parse", *options]
    done = subprocess.run(command, capture_output=True, check=False, env=git_env())
    return done.returncode, _text(done.stdout), _text(done.stderr)


def unignored_checkout(path: Path) -> Path | None:
    """The top of the git checkout whose work tree holds ``path`` when git would offer it for a commit
    (inside the work tree and not ignored); None outside a work tree (a .git folder included) or ignored.
    ``path`` and its folders need not exist yet: asked before a file is written, so a git that cannot answer
    (a FIFO ``.gitignore`` on the way, which git's read waits on for good) stops the command before it
    changed anything."""
    folder = next((f for f in (path.parent, *path.parent.parents) if f.is_dir()), None)
    if folder is None:
        return None
    status, top, _ = rev_parse(folder, "--show-toplevel")
    if status != 0 or not top:
        return None
    check_ignore_files(Path(top), folder.resolve())
    done = subprocess.run(
        ["git", "-C", str(folder), "check-ignore", "-q", "--", os.path.relpath(path, folder)],
        capture_output=True,
        check=False,
        env=git_env(),
    )
    return Path(top) if done.returncode == 1 else None  # 0 ignored, 128 git could not tell


def not_opened(path: Path, stderr: str) -> GitError:
    """Why git opened no repository at ``path``, as git says it: a repository of another user (git's
    ``safe.directory``), a config it cannot parse, a .git file naming a folder that is gone, an extension
    it does not know were all "not a git repository", with the hint to pass --repo the checkout."""
    path = Path(os.path.abspath(path))
    if not path.is_dir():  # git's "cannot change to 'PATH'" was cut at a newline in PATH: said here, whole
        return GitError(
            f"{path}: {'not a folder' if path.exists() else 'no such folder'}", "pass --repo the fork's checkout"
        )
    said = [line.strip() for line in stderr.splitlines() if line.strip()]
    fatal = next((i for i, line in enumerate(said) if line.startswith("fatal: ")), None)
    if fatal is None or said[fatal].startswith("fatal: not a git repository (or any"):
        return GitError(f"{path}: not a git repository", "pass --repo the fork's checkout")
    reason = said[fatal].removeprefix("fatal: ").rstrip(":")
    if reason.startswith("unknown repository extension") and fatal + 1 < len(said):
        reason += f": {said[fatal + 1]}"
    if reason.startswith("detected dubious ownership"):
        hint = f"it belongs to another user; if you trust it: git config --global --add safe.directory {path}"
    else:
        hint = f"`git -C {shell_word(str(path))} status` shows what git cannot read there"  # a path of spaces, pasted
    return GitError(f"{path}: git cannot open the repository: {printable(reason)[:200]}", hint)


def _made(*args: str, cwd: Path) -> None:
    """A git command that makes a repository (no work tree to run in yet); GitError when it fails."""
    done = _run_git(args, cwd=cwd, env=git_env() | _C_LOCALE)
    if done.returncode != 0:
        raise failed(args[0], cwd, done.stderr, done.returncode)


@functools.lru_cache(maxsize=1)
def git_version() -> tuple[int, ...]:
    out = subprocess.run(["git", "version"], capture_output=True, text=True, check=False, env=git_env()).stdout
    match = re.search(r"(\d+)\.(\d+)(?:\.(\d+))?", out)
    return tuple(int(x) for x in match.groups(default="0")) if match else (0,)


def _asked(ask: Callable[[], object]) -> None:
    with contextlib.suppress(AeonError, OSError):  # asked again in its turn, which says what failed
        ask()


class Git:
    """A git checkout (main work tree or linked worktree), by path."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self._cwd = _top(self.path)
        self._commits: set[str] = set()  # full commit ids seen to exist (an object never changes)
        self._trees: dict[str, str] = {}  # full commit id -> its tree id (likewise)
        self._objects: dict[str, bytes] = {}  # full commit id -> the commit object, as cat-file gives it
        self._idents: dict[str, str] = {}  # GIT_AUTHOR_IDENT / GIT_COMMITTER_IDENT as git gave them, once read
        self._merge_settings: dict[str, str] | None = None
        self._attributes_at: tuple[str, Path] | None = None  # the last tree merged onto, and its attribute folder
        self._attribute_texts: dict[Path, str] = {}  # an attribute folder's .gitattributes texts, read once a run

    @classmethod
    def init(cls, path: Path) -> None:
        _made("init", "--quiet", "--initial-branch=main", os.path.abspath(path), cwd=path)

    @classmethod
    def clone(cls, source: Path, path: Path) -> Git:
        """``git clone`` itself: GitPython's clone_from expanded ``$VARIABLES`` and ``~`` in the source
        and turned its backslashes into slashes (a demo folder named ``x$AEON_REGISTRY_PASSWORD`` put
        the password into the fork's remote URL)."""
        _made("clone", "--quiet", os.path.abspath(source), os.path.abspath(path), cwd=path.parent)
        return cls(path)

    # -- low level ------------------------------------------------------------------------------
    def run(self, *args: str, env: dict[str, str] | None = None) -> str:
        status, out, err = self.try_run(*args, env=env)
        if status != 0:
            raise failed(args[0], self.path, err, status)
        return out

    def try_run(self, *args: str, env: dict[str, str] | None = None) -> tuple[int, str, str]:
        """Run git at the top of the work tree: (status, stdout, stderr), one trailing newline off each.
        ``env`` holds only the variables the caller sets (gitenv.git_env says what else git gets)."""
        done = _run_git((*self._case, *args), cwd=self._cwd, env=self.env(env) | _C_LOCALE)
        return done.returncode, _text(done.stdout), _text(done.stderr)

    @functools.cached_property
    def _case(self) -> tuple[str, ...]:
        return case_as_the_disk(self._cwd)

    def env(self, overrides: Mapping[str, str] | None = None) -> dict[str, str]:
        """``git_env(overrides)`` for a git run at the top of this work tree, which is the work tree whatever
        ``core.worktree`` says (see :func:`_work_tree`): with it set elsewhere, ``diff-index`` compared that
        folder's files with the revision, not the checkout's."""
        return git_env({"GIT_WORK_TREE": str(self._cwd), **(overrides or {})})

    # -- places ---------------------------------------------------------------------------------
    @property
    def toplevel(self) -> Path:
        return Path(self.run("rev-parse", "--show-toplevel"))

    @functools.cached_property
    def common_dir(self) -> Path:
        """The shared .git directory (the same for every linked worktree), asked of git once per work
        tree and process while it exists."""
        key = _identity(self._cwd)
        known = _COMMON.get(key)
        if known is None or not known.is_dir():
            known = Path(self.run("rev-parse", "--path-format=absolute", "--git-common-dir"))
            _remember_common(self._cwd, known)
        return known

    @property
    def git_dir(self) -> Path:
        return Path(self.run("rev-parse", "--path-format=absolute", "--git-dir"))

    # -- reading --------------------------------------------------------------------------------
    def resolve(self, rev: str) -> str | None:
        """The commit sha a revision names, or None.  A full commit id found once is not asked again
        (a merge resolves its carries' and picks' commits at the plan, then at every step)."""
        if rev in self._commits:
            return rev
        with self._reader() as reader:  # the long-lived cat-file, not a process a name
            peeled = reader.peeled(rev, "commit")
        sha: str | None
        if peeled is not None:
            sha = peeled[0]
        elif "\0" not in rev and blobs.splits_a_request(rev):
            status, out, _ = self.try_run("rev-parse", "--verify", "--quiet", "--end-of-options", f"{rev}^{{commit}}")
            sha = out.strip() if status == 0 and blobs.is_object_id(out.strip()) else None  # `^X`: "^<id>"
        else:
            return None
        if sha is not None and sha == rev:
            self._commits.add(sha)
        return sha

    def head(self) -> str:
        sha = self.resolve("HEAD")
        if sha is None:
            raise GitError(f"{self.path}: HEAD has no commit")
        return sha

    def branch_sha(self, branch: str) -> str | None:
        return self.resolve(f"refs/heads/{branch}")

    def local_branches(self, pattern: str = "*") -> list[str]:
        """Branch names, whole: ``refname:short`` spells a branch ``heads/NAME`` when a tag of that name
        exists (one ``fetch --tags`` brings from upstream), and that is no branch's name."""
        out = self.run("for-each-ref", "--format=%(refname:strip=2)", f"refs/heads/{pattern}")
        return [line for line in records(out) if line]  # a name may hold U+2028 or NEL: not a line break

    def tags_in(self, sha: str) -> list[str]:
        """The tags whose commits ``sha`` contains, their names whole (``strip=2``: a tag ``heads/x`` stays one)."""
        out = self.run("for-each-ref", f"--merged={sha}", "--format=%(refname:strip=2)", "refs/tags/")
        return [line for line in records(out) if line]

    def remotes(self) -> list[str]:
        return [line for line in self.run("remote").splitlines() if line]

    def merge_base(self, a: str, b: str) -> str | None:
        status, out, _ = self.try_run("merge-base", "--end-of-options", a, b)
        return out.strip() if status == 0 and out.strip() else None

    def is_shallow(self) -> bool:
        status, out, _ = self.try_run("rev-parse", "--is-shallow-repository")
        return status == 0 and out.strip() == "true"

    def is_clean(self) -> bool:
        """No staged, unstaged or untracked-but-not-ignored change in the work tree."""
        status, out, _ = self.try_run("status", "--porcelain", "-z", "--untracked-files=normal")
        return status == 0 and not out.strip("\0\n ")

    def unchanged_by_stat(self) -> bool:
        """``is_clean`` as an audit may ask it, running no program of the repository's config: nothing
        staged, no tracked file whose stat differs from the index's (``diff-files`` compares stat data
        only), nothing untracked.  ``git status`` and ``git diff HEAD`` hash a file whose stat changed
        (a touch, a fresh clone's racy timestamps) through the clean filter the tree's .gitattributes
        names: ``filter.X.clean`` from the repository's config ran in ``audit --changed-since``."""
        staged, _, _ = self.try_run("diff-index", "--cached", "--quiet", "HEAD", "--")
        unstaged, _, _ = self.try_run("diff-files", "--quiet")
        status, untracked, _ = self.try_run("ls-files", "-z", "--others", "--exclude-standard")
        return staged == 0 and unstaged == 0 and status == 0 and not untracked.strip("\0")

    def is_ancestor(self, ancestor: str, descendant: str) -> bool:
        status, _, _ = self.try_run("merge-base", "--is-ancestor", "--end-of-options", ancestor, descendant)
        return status == 0

    def commits(self, *revs: str, options: Sequence[str] = ()) -> list[Commit]:
        """Commits reachable from ``revs`` (``^rev`` excludes), newest first; ``options`` are git log's."""
        return [commit for commit, _ in self.history(*revs, options=options)]

    def history(self, *revs: str, options: Sequence[str] = ()) -> list[tuple[Commit, tuple[str, ...]]]:
        """:meth:`commits` with each commit's parents.  The revisions after ``--end-of-options``: one a run's state
        or a fetched ref spells ``-x`` or ``--output=FILE`` is a revision, never an option of git log."""
        out = self.run("log", "--format=%H%x00%P%x00%s", *options, "--end-of-options", *revs, "--")
        rows = (line.split("\x00", 2) for line in records(out) if line.count("\x00") >= 2)
        return [(Commit(sha, subject), tuple(parents.split())) for sha, parents, subject in rows]

    def subject(self, rev: str) -> str:
        return self.run("log", "-1", "--format=%s", "--end-of-options", rev, "--")

    def committed_on(self, rev: str) -> dt.date | None:
        """The UTC day a revision's commit was committed, or None when it names no commit here."""
        sha = self.resolve(rev)
        if sha is None:
            return None
        return self._commit_day(sha)

    def _commit_day(self, sha: str, env: dict[str, str] | None = None) -> dt.date | None:
        status, out, _ = self.try_run("log", "-1", "--format=%ct", "--end-of-options", sha, "--", env=env)
        if status != 0 or not out.strip().isdigit():
            return None
        try:
            return dt.datetime.fromtimestamp(int(out.strip()), dt.timezone.utc).date()
        except (OverflowError, OSError, ValueError):  # a commit time past what the platform's clock holds
            return None

    def committed_on_aside(self, remote: str, ref: str, sha: str, aside: Path) -> dt.date | None:
        """The UTC day of a commit only ``remote`` has, fetched into ``aside`` -- an object folder of its own,
        with this repository's objects as its alternate -- and read there; ``aside`` is removed after.  No
        ref, no FETCH_HEAD and no object of the repository's changes: what a dry run may do."""
        objects = self.run("rev-parse", "--path-format=absolute", "--git-path", "objects")
        # quoted, as git reads the list: a ':' in the repository's path would split it
        quoted = '"' + objects.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'
        env = {"GIT_OBJECT_DIRECTORY": str(aside), "GIT_ALTERNATE_OBJECT_DIRECTORIES": quoted}
        made = not aside.parent.exists()  # the tool's folder too, on a dry run before any run: removed as well
        try:
            aside.mkdir(parents=True, exist_ok=True)
            fetch = (
                "fetch",
                "--no-tags",
                "--no-write-fetch-head",
                "--no-auto-gc",
                "--refmap=",
                "--end-of-options",
                remote,
                ref,
            )
            return self._commit_day(sha, env) if self.try_run(*fetch, env=env)[0] == 0 else None
        finally:
            shutil.rmtree(aside, ignore_errors=True)
            if made:
                with contextlib.suppress(OSError):
                    aside.parent.rmdir()

    def message(self, rev: str) -> str:
        return self.run("log", "-1", "--format=%B", "--end-of-options", rev, "--")

    def changed_files(self, rev: str) -> list[str]:
        out = self.run(
            "diff-tree", "--no-commit-id", "--name-only", "-r", "-z", "-m", "--first-parent", "--end-of-options", rev
        )
        return [name for name in out.split("\0") if name]

    def files_between(self, a: str, b: str) -> list[str]:
        """Paths that differ between two revisions, NUL-separated so that no name is ever quoted."""
        return blobs.diff_names(self.path, a, b)

    def patch_ids(self, revs: list[str]) -> dict[str, str]:
        """Stable patch-id of each commit (the key `git cherry` matches on)."""
        if not revs:
            return {}
        diff = self.run("show", *PATCH_OPTIONS, "--pretty=format:commit %H", "--patch", "--end-of-options", *revs)
        done = subprocess.run(
            ["git", "-C", str(self.path), "patch-id", "--stable"],
            input=diff + "\n",
            capture_output=True,
            text=True,
            check=False,
            env=git_env(),
        )
        result = {}
        for line in done.stdout.splitlines():
            pid, _, sha = line.partition(" ")
            result[sha.strip()] = pid
        return result

    def patch_twin(self, sha: str, *revs: str) -> str | None:
        """A commit in ``revs`` (a rev-list range) with the same stable patch-id as ``sha``: what
        `git cherry` matches on.  Patch-id sums the diffs of every file a commit changes, so only the
        commits that change exactly the same files are hashed (hashing all of them is seconds)."""
        candidates = self.commits_changing_exactly(list(revs), self.changed_files(sha))
        if not candidates:
            return None
        ids = self.patch_ids([sha, *candidates])
        mine = ids.get(sha)
        return next((c for c in candidates if mine is not None and ids.get(c) == mine), None)

    def commits_changing_exactly(self, revs: list[str], paths: list[str]) -> list[str]:
        """Non-merge commits of the rev-list ``revs`` whose changed files are exactly ``paths`` (newest first)."""
        if not paths:
            return []
        out = self.run(
            "log",
            "--format=%x01%H",
            "--name-only",
            "-z",
            "--full-diff",
            "--no-merges",
            "--no-renames",
            "--end-of-options",
            *revs,
            "--",
            *(f":(literal){p}" for p in paths),
        )
        wanted, found = set(paths), []
        for record in out.split("\x01")[1:]:
            sha, _, names = record.partition("\0")
            if {n for n in names.lstrip("\n").split("\0") if n} == wanted:
                found.append(sha)
        return found

    def status_porcelain(self) -> str:
        return self.run("status", "--porcelain=v1", "--untracked-files=all")

    def unmerged_files(self) -> list[str]:
        # -z, as every list of paths: without it git C-quotes a name ("pkg/caf\303\251.py"), and the
        # run record's conflicts named no file of the tree, nor the carry whose file it was
        out = self.run("diff", "--name-only", "-z", "--diff-filter=U")
        return sorted({name for name in out.split("\0") if name})

    def show_file(self, rev: str, path: str) -> str | None:
        status, out, _ = self.try_run("show", "--end-of-options", f"{rev}:{path}")
        return out if status == 0 else None

    def blob_text(self, rev: str, path: str, max_bytes: int | None = None) -> str | None:
        """A file's text at a revision through one long-lived ``git cat-file --batch``; None when absent.
        A file over ``max_bytes`` raises blobs.TooLarge unread."""
        with self._reader() as reader:
            data = reader.read(f"{rev}:{path}", max_bytes)
        return None if data is None else data.decode("utf-8", errors="replace")

    def _reader(self) -> contextlib.AbstractContextManager[blobs.Blobs]:
        """The process's one long-lived ``git cat-file --batch`` of this repository (blobs, revisions, commit
        objects), held while it answers: ``read_blobs`` and every instance on the same path ask the same one
        (a merge's checks made an instance of their own beside it: one more git process in every audit)."""
        return shared_reader(self.path)

    def close(self) -> None:
        """Nothing of this instance's own to stop: the ``git cat-file`` it read through is the process's, kept
        for the next reader of the repository (``shared_reader``) and closed when a newer repository's
        reader takes its place or when the process ends (git sees its input end)."""

    def log_matching(self, rev_range: str, path: str, regex: str) -> list[Commit]:
        """Commits in the range whose diff of ``path`` adds or removes a line matching the ERE (``log -G``)."""
        # -G diffs every commit: no textconv (a program from the user's config, picked by the
        # repository's .gitattributes) and no external diff runs, and the match is on the real text
        status, out, _ = self.try_run(
            "log",
            "--format=%H%x00%s",
            "--text",
            "--no-textconv",
            "--no-ext-diff",
            "-E",
            f"-G{regex}",
            "--end-of-options",
            rev_range,
            "--",
            path,
        )
        return [Commit(*line.split("\x00", 1)) for line in records(out) if "\x00" in line] if status == 0 else []

    def newest_matching(self, rev_range: str, paths: Sequence[str], regex: str) -> dict[str, Commit]:
        """For each of ``paths``, the newest commit in the range whose diff of those paths adds or removes
        a line matching the ERE and that touches it: one ``log -G`` for them all."""
        if not paths:
            return {}
        status, out, _ = self.try_run(
            "log", "--format=%x01%H%x00%s", "--name-only", "-z", "--text", "--no-textconv", "--no-ext-diff", "-E",
            f"-G{regex}", "--end-of-options", rev_range, "--", *(f":(literal){p}" for p in paths),
        )  # fmt: skip
        found: dict[str, Commit] = {}
        for record in out.split("\x01") if status == 0 else []:
            sha, _, rest = record.partition("\0")
            subject, _, names = rest.partition("\0")
            for name in names.split("\0"):
                name = name.lstrip("\n")
                if name and len(sha) == 40:
                    found.setdefault(name, Commit(sha, subject))
        return found

    def removed_lines(self, sha: str, path: str) -> list[str]:
        """Lines a commit removed from ``path`` (first parent)."""
        return self.changed_lines(sha, path)[0]

    def changed_lines(self, sha: str, path: str) -> tuple[list[str], list[str]]:
        """The lines a commit removed from ``path`` and the lines it added there (first parent)."""
        status, out, _ = self.try_run(
            "show",
            "-U0",
            "--format=",
            *PATCH_OPTIONS,
            "--first-parent",
            "--end-of-options",
            sha,
            "--",
            f":(literal){path}",
        )
        if status != 0:
            return [], []
        lines = out.split("\n")  # a patch's lines end at newlines only (a form feed inside one is text)
        removed = [line[1:] for line in lines if line.startswith("-") and not line.startswith("---")]
        return removed, [line[1:] for line in lines if line.startswith("+") and not line.startswith("+++")]

    def renames(self, a: str, b: str, pathspecs: Sequence[str] = ()) -> dict[str, str]:
        """Files git sees as renamed or moved between two commits: old path -> new path (both within
        ``pathspecs`` when given: git pairs only the files the pathspecs hold)."""
        out = self.run(
            "diff",
            "--name-status",
            "-z",
            "-M",
            "--diff-filter=R",
            "--end-of-options",
            a,
            b,
            *(("--", *pathspecs) if pathspecs else ()),
        )
        fields = out.split("\0")  # R<score>, old, new; again and again
        return {fields[i + 1]: fields[i + 2] for i in range(0, len(fields) - 2, 3) if fields[i].startswith("R")}

    def tree_names(self, rev: str, folder: str) -> list[str]:
        """The names in ``folder`` at ``rev`` (files and folders; none when it has no such folder)."""
        status, out, _ = self.try_run(
            "ls-tree", "-z", "--name-only", "--end-of-options", rev, "--", f":(literal){folder}/"
        )
        return [posixpath.basename(p) for p in out.split("\0") if p] if status == 0 else []

    def last_change(self, rev_range: str, path: str) -> Commit | None:
        """The newest commit of the range that changed ``path`` (added, changed or took it away)."""
        status, out, _ = self.try_run(
            "log", "-1", "--format=%H%x00%s", "--end-of-options", rev_range, "--", f":(literal){path}"
        )
        sha, _, subject = out.strip("\n").partition("\0")
        return Commit(sha, subject) if status == 0 and len(sha) >= 40 else None

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
        status, _, said = self.try_run("worktree", "add", "--quiet", "--detach", "--end-of-options", str(path), rev)
        if status == 0:
            return
        hook = self.hook("post-checkout")
        if hook is not None and (path / ".git").is_file():  # made: git's status is the hook's (githooks(5))
            lines = [line.strip() for line in said.splitlines() if line.strip() and not line.startswith("hint:")]
            reason = printable(" / ".join(lines)[-300:])  # what the hook printed, not git's advice
            error = GitError(
                f"the post-checkout hook {hook} failed (exit {status}) on the worktree git made at {path}: "
                f"{reason or 'it printed nothing'}",
                "fix the hook or what it checks",
            )
            error.outside = True  # a stopped merge adds `merge --continue`: the worktree is made again
            raise error
        raise failed("worktree", self.path, said, status)

    def worktree_remove(self, path: Path) -> None:
        """Remove one worktree of ours; never `git worktree prune`, which would also drop the
        user's worktrees whose folders are merely unreachable right now."""
        if path.is_dir() and not path.is_symlink():
            self.try_run("worktree", "remove", "--force", "--force", str(path))
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path, ignore_errors=True)
        elif path.exists() or path.is_symlink():  # a file at the worktree's place: the next `worktree add` failed on it
            path.unlink()
        admin = self.common_dir / "worktrees"
        for entry in admin.iterdir() if admin.is_dir() else ():
            gitdir = entry / "gitdir"
            try:
                registered = Path(gitdir.read_text().strip()).parent
            except OSError:
                continue
            if registered == path or registered.resolve() == path.resolve():
                shutil.rmtree(entry, ignore_errors=True)

    def linked_worktree(self, path: Path) -> Git | str | None:
        """The worktree ``worktree_add`` made at ``path``, or why what is there is not one (a string),
        or None when ``path`` holds no ``.git``.  Ours is a linked worktree of this repository whose top
        is ``path`` and whose HEAD is detached: a ``.git`` file written into the run's folder that leads
        to the user's checkout (or a worktree with a branch checked out) would have a reset, a commit
        or a fix land there, on the user's files and branch."""
        dot = path / ".git"
        try:
            mode = os.lstat(dot).st_mode
        except (FileNotFoundError, NotADirectoryError):
            return None
        except OSError as exc:
            return f"its .git cannot be read ({exc.strerror})"
        if not stat.S_ISREG(mode):
            return "its .git is no file (a linked worktree's .git is a file)"
        try:
            with open(dot, "rb") as handle:
                text = handle.read(4097).decode("utf-8", "replace").strip()
        except OSError as exc:
            return f"its .git cannot be read ({exc.strerror})"
        admin = Path(text.removeprefix("gitdir:").strip()) if text.startswith("gitdir:") else None
        if admin is None or len(text) > 4096:
            return "its .git names no git directory"
        admin = path / admin if not admin.is_absolute() else admin
        if os.path.realpath(admin.parent) != os.path.realpath(self.common_dir / "worktrees"):
            return f"its .git leads to {printable(str(admin))[:200]}, no worktree of this repository"
        try:
            back = (admin / "gitdir").read_text(encoding="utf-8", errors="replace").strip()
        except OSError:
            back = ""
        back = str(admin / back) if back and not os.path.isabs(back) else back  # worktree.useRelativePaths
        if not back or os.path.realpath(back) != os.path.realpath(dot):
            return f"{printable(str(admin))[:200]} does not name it back"
        try:
            wt = Git(path)
            own = wt.git_dir
        except GitError:
            return "git cannot open it"
        top = rev_parse(path, "--show-toplevel")[1]  # where its config sends git (``core.worktree``), not Git's pin
        if os.path.realpath(top) != os.path.realpath(path) or os.path.realpath(own) != os.path.realpath(admin):
            return f"git works in {printable(str(top))[:200]} from it, not in it"
        if wt.try_run("symbolic-ref", "--quiet", "HEAD")[0] == 0:
            return "a branch is checked out in it (the run's worktree is detached)"
        return wt

    def create_branch(self, name: str, sha: str, reason: str = "") -> None:
        """``reason`` goes into the branch's reflog (made even where git keeps none, a bare repository):
        its one entry is how a run shows, later, that it created the branch and nothing moved it since."""
        # update-ref with an all-zero old value (as long as the repository's ids: 64 in a sha256 one)
        # refuses to overwrite an existing branch.
        # ``--no-deref``: a symbolic ref at the name (``check_new_branch`` refuses one first) is replaced, never
        # written through: git created the branch it leads to and the run said it created this one.
        with_reason = ("--create-reflog", "-m", reason) if reason else ()
        self.run("update-ref", "--no-deref", *with_reason, f"refs/heads/{name}", sha, "0" * len(sha))

    def check_new_branch(self, name: str, sha: str) -> None:
        """GitError when git could not create the branch ``name`` at ``sha`` as :meth:`create_branch` does, asked
        before a run's work: a branch ``NAME/x`` (or one named as a folder of it), a ref git cannot read at the
        name (another ref's text, a commit that is gone), another git's lock file.  git found each only when the
        merge was done, and said "cannot lock ref".  A symbolic ref at the name, which names no commit until its
        target exists, is refused too: ``update-ref`` wrote through it and created the branch it leads to.
        git prepares the very transaction and drops it, running no hook (a dry run's preflight asks this too)."""
        ref = f"refs/heads/{name}"
        status, target, _ = self.try_run("symbolic-ref", "--quiet", ref)
        if status == 0:
            raise GitError(
                f"{ref} in {self.path} is a symbolic ref to {printable(target)[:200]}: the merge would write that "
                "ref, not the branch",
                f"the merge makes the branch {name}: delete the symbolic ref (git symbolic-ref --delete {ref})",
            )
        transaction = f"option no-deref\nstart\ncreate {ref} {sha}\nprepare\nabort\n".encode()
        no_hooks = ("-c", f"core.hooksPath={os.devnull}")
        done = _run_git(
            (*no_hooks, "update-ref", "--stdin"), cwd=self._cwd, env=self.env() | _C_LOCALE, stdin=transaction
        )
        if done.returncode != 0 and any(why in done.stderr for why in _CANNOT_WRITE):
            return  # the repository cannot be written here (a dry run on a read-only checkout): nothing to ask
        if done.returncode != 0:
            error = failed("update-ref", self.path, done.stderr, done.returncode)
            if error.hint is None:
                error.hint = f"the merge makes the branch {name}: move what stands at {ref} aside"
            raise error

    def created_and_unmoved(self, name: str, sha: str, reason: str) -> bool:
        """The branch is at ``sha`` and its reflog holds one entry: its creation there, with ``reason``."""
        status, out, _ = self.try_run("reflog", "show", "--format=%H %gs", f"refs/heads/{name}", "--")
        return status == 0 and out.splitlines() == [f"{sha} {reason}"]

    def checked_out_branches(self) -> set[str]:
        """The branches some work tree of this repository has checked out (its HEAD names them)."""
        return set(self._worktree_branches())

    def checked_out_at(self, branch: str) -> tuple[str, bool] | None:
        """The work tree that has ``branch`` checked out, if one has, and whether git lists it ``prunable`` (its
        folder gone: `git branch -D` still refuses the branch until `git worktree prune`)."""
        return self._worktree_branches().get(branch)

    def _worktree_branches(self) -> dict[str, tuple[str, bool]]:
        """Each checked-out branch, with the work tree that has it and whether that one is prunable (``git worktree
        list --porcelain``: a ``prunable`` field follows its ``branch``; a locked one is never prunable)."""
        status, out, _ = self.try_run("worktree", "list", "--porcelain", "-z")
        fields = out.split("\0")
        if status != 0:  # a git before 2.36 (no -z): one field a line
            fields = self.run("worktree", "list", "--porcelain").split("\n")
        found: dict[str, tuple[str, bool]] = {}
        where, branch = "", None
        for field in fields:
            if field.startswith("worktree "):
                where, branch = field.removeprefix("worktree "), None
            elif field.startswith("branch refs/heads/"):
                branch = field.removeprefix("branch refs/heads/")
                found[branch] = (where, False)
            elif branch is not None and (field == "prunable" or field.startswith("prunable ")):
                found[branch] = (where, True)
        return found

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

    # -- the object database: merges and commits without a checkout ----------------------------
    def plumb(
        self, *args: str, env: Mapping[str, str] | None = None, stdin: bytes | None = None, cwd: Path | None = None
    ) -> subprocess.CompletedProcess[bytes]:
        """Run git on bytes (NUL-separated output, any file name), never raising.

        It runs in a scratch folder of ours with GIT_DIR set, never in the user's work tree: a merge
        driver's temporary files (left behind if the run is killed) must not land in their checkout.
        git takes that folder for the work tree: a merge reads the ``.gitattributes`` in ``cwd``
        (``_attribute_folder``), the scratch folder holding none.
        """
        full = git_env({"GIT_DIR": str(self.common_dir), "GIT_ATTR_NOSYSTEM": "1", **(env or {})})
        return _run_git((*_NO_ATTRIBUTE_FILES, *args), cwd=cwd or self._scratch, env=full, stdin=stdin)

    def _merge_attributes(self, ours: str, theirs: str, folder: Path, renormalize: bool) -> None:
        """GitError when the attributes the merge reads give a path the two commits differ in ``merge=union``,
        or, under ``merge.renormalize``, one that converts text (``text``, ``eol``, ``crlf``, ``filter``, ``ident``,
        ``working-tree-encoding``, or ``core.autocrlf``): ``git merge`` renormalizes such a path's three versions
        before it merges them, and git 2.39's merge-tree reads no ``merge.renormalize`` and has no ``-X``.

        The attributes read are ``$GIT_DIR/info/attributes`` (git 2.39 reads it for every merge-tree, whatever
        the folder: no ``--attr-source``) and those of ``folder`` (``_attribute_folder``: the fork's own
        ``.gitattributes``, as a merge in its checkout reads them).  A union merge writes both sides of a
        conflict with no marker: the merge went on clean where a person had to choose.  A merge driver the
        config defines (``merge=NAME``) is the person's own program and runs, as the merge's hooks do (the gate
        runs no merge); ``-merge`` still reports the conflict.  The system and global attribute files are not
        read here (``plumb``)."""
        info = self.common_dir / "info" / "attributes"
        try:
            has_info = info.stat().st_size > 0
        except OSError:
            has_info = False
        autocrlf = renormalize and (self.config_value("core.autocrlf") or "false").lower() not in ("false", "")
        if not has_info and not autocrlf and not _may_matter(self._attributes_text(folder), renormalize):
            return  # (most forks' .gitattributes say linguist-* and the like: no git run then)
        changed = self._plumb_ok(
            "diff-tree", "-r", "-z", "--no-renames", "--name-only", "--end-of-options", ours, theirs, strip=False
        )
        if not changed.strip("\0"):
            return
        if autocrlf:
            raise GitError(
                "git config sets merge.renormalize and core.autocrlf: git merge would renormalize every file's "
                "line endings before merging, which the worktree-less merge cannot; nothing was merged",
                "unset one for this repository (`git config merge.renormalize false`), or merge in a checkout",
            )
        names = ("merge", *(_CONVERTING if renormalize else ()))
        # an index that does not exist: the user's index holds their checkout's .gitattributes
        done = self.plumb(
            "check-attr", "-z", "--stdin", *names,
            env={"GIT_INDEX_FILE": str(self._scratch / "none")},
            stdin=changed.encode("utf-8", "surrogateescape"), cwd=folder,
        )  # fmt: skip
        if done.returncode != 0:
            raise failed("check-attr", self.path, done.stderr, done.returncode)
        fields = done.stdout.decode("utf-8", "surrogateescape").split("\0")
        where = f"{info} or the fork's .gitattributes" if has_info else "the fork's .gitattributes"
        for path, name, value in zip(fields[0::3], fields[1::3], fields[2::3], strict=False):
            if name == "merge" and value == "union":
                raise GitError(
                    f"{where} give {quoted(path)} the attribute merge=union: a union merge writes both sides of "
                    "a conflict with no marker, and the merge would go on as if clean",
                    "remove merge=union for that path (git merge in a checkout would hide the conflict too)",
                )
            if name != "merge" and value not in ("unspecified", "unset"):  # (``-text``: no conversion)
                raise GitError(
                    f"git config sets merge.renormalize and {where} give {quoted(path)} the attribute "
                    f"{name}={value}: git merge would renormalize it before merging, which the worktree-less merge "
                    "cannot; nothing was merged",
                    "unset it for this repository (`git config merge.renormalize false`) once the branches agree "
                    "on line endings, or merge in a checkout",
                )

    def _attributes_text(self, folder: Path) -> str:
        """``_attribute_text``, read once a run: a folder is named by its files and never changed in place."""
        if folder not in self._attribute_texts:
            self._attribute_texts[folder] = _attribute_text(folder, self._scratch)
        return self._attribute_texts[folder]

    @functools.cached_property
    def _renormalizes(self) -> bool:
        """``merge.renormalize`` (git's word on what is true), asked once: a run's every pick merges."""
        return _git_bool(self.merge_settings().get("merge.renormalize"))

    def _attribute_folder(self, ours: str) -> Path:
        """The folder a merge onto ``ours`` runs in: one holding ``ours``' own ``.gitattributes`` files at their
        paths (a ``merge=ours`` on a changelog, a ``merge=NAME`` driver the config defines, ``-merge``), as
        ``git merge`` in the fork's checkout reads them; the empty scratch folder when it has none.  The
        worktree-less merge read none: a path the fork keeps as its own came out merged, or conflicted where
        git merge went on.  Kept by their contents, so a run's picks make it once; and a pick onto a tree whose
        ``.gitattributes`` are those of the last one asked (a tree diff says so: a pick changes a few files, where a
        listing walks the whole tree) takes its folder."""
        tree = self.tree(ours)
        last = self._attributes_at
        if last is not None and (last[0] == tree or not self._attributes_differ(last[0], tree)):
            self._attributes_at = (tree, last[1])
            return last[1]
        folder = self._attribute_files(tree)
        self._attributes_at = (tree, folder)
        return folder

    def _attributes_differ(self, a: str, b: str) -> bool:
        out = self._plumb_ok(
            "diff-tree", "-r", "-z", "--no-renames", "--name-only", "--end-of-options", a, b, strip=False
        )
        return any(name.rsplit("/", 1)[-1] == ".gitattributes" for name in out.split("\0"))

    def _attribute_files(self, tree: str) -> Path:
        """The folder holding the ``.gitattributes`` files of ``tree`` (the scratch folder when it has none)."""
        listed = self.plumb("ls-tree", "-r", "-z", "--full-tree", tree)
        if listed.returncode != 0:
            raise failed("ls-tree", self.path, listed.stderr, listed.returncode)
        found: list[tuple[str, str]] = []
        # only the records naming a .gitattributes are looked at: 6,600 paths each split and checked were
        # most of this listing's time, and a small merge's
        named = (r for r in listed.stdout.split(b"\0") if r.endswith(b".gitattributes"))
        for record in named:
            meta, _, raw = record.partition(b"\t")
            parts = raw.split(b"/")
            # a crafted tree's ``..`` or ``.git`` component would write outside the folder (git checks out neither)
            plain = all(p not in (b"", b".", b"..") and p.lower() != b".git" for p in parts)
            if parts[-1] == b".gitattributes" and plain and meta[:7] in (b"100644 ", b"100755 "):
                found.append((os.fsdecode(raw), meta.split()[2].decode("ascii")))
        if not found:
            return self._scratch
        key = hashlib.sha256("\0".join(f"{p}\0{oid}" for p, oid in found).encode("utf-8", "surrogateescape"))
        folder = files.state_place(self.common_dir, "attributes") / key.hexdigest()[:20]
        if folder.is_dir():
            return folder
        made = folder.with_name(f"{folder.name}.{os.getpid()}.tmp")
        shutil.rmtree(made, ignore_errors=True)
        for path, oid in found:
            place = made / path
            place.parent.mkdir(parents=True, exist_ok=True)
            # through the run's long-lived cat-file (the plan's): a first run wrote each with a git process of its own
            with self._reader() as reader:
                data = reader.read(oid)
            place.write_bytes(data if data is not None else self._plumb_bytes("cat-file", "blob", oid))
        try:
            made.rename(folder)
        except OSError:  # another run made it first
            shutil.rmtree(made, ignore_errors=True)
        return folder

    def _plumb_bytes(self, *args: str, env: Mapping[str, str] | None = None) -> bytes:
        done = self.plumb(*args, env=env)
        if done.returncode != 0:
            raise failed(args[0], self.path, done.stderr, done.returncode)
        return done.stdout

    @functools.cached_property
    def _scratch(self) -> Path:
        path = files.state_place(self.common_dir, "scratch")
        path.mkdir(parents=True, exist_ok=True)
        return path

    def _plumb_ok(self, *args: str, env: Mapping[str, str] | None = None, strip: bool = True) -> str:
        """Its output, decoded; ``strip=False`` for NUL-separated names (a name may begin or end in a space)."""
        out = self._plumb_bytes(*args, env=env).decode("utf-8", "surrogateescape")
        return out.strip() if strip else out

    def tree(self, rev: str) -> str:
        """The tree id of a revision (of a full commit id: asked once per instance)."""
        known = self._trees.get(rev)
        if known is not None:
            return known
        with self._reader() as reader:
            peeled = reader.peeled(rev, "tree")
        tree = (
            peeled[0]
            if peeled is not None
            else self._plumb_ok("rev-parse", "--verify", "--quiet", "--end-of-options", f"{rev}^{{tree}}")
        )
        if tree and blobs.is_object_id(rev):
            self._trees[rev] = tree
        return tree

    def commit_object(self, sha: str) -> bytes:
        """The raw commit object (`git cat-file commit`).  A full id's is kept: a pick reads its
        commit's parents, date, author and message from one object, once."""
        known = self._objects.get(sha)
        if known is not None:
            return known
        with self._reader() as reader:
            peeled = reader.peeled(sha, "commit")
        if peeled is not None:
            data = peeled[1]
        else:  # git's own words for what is wrong
            done = self.plumb("cat-file", "commit", sha)
            if done.returncode != 0:
                raise failed("cat-file", self.path, done.stderr, done.returncode)
            data = done.stdout
        if blobs.is_object_id(sha):
            self._objects[sha] = data
        return data

    def parents(self, rev: str) -> list[str]:
        return self._plumb_ok("rev-list", "--parents", "-n1", "--end-of-options", rev, "--").split()[1:]

    def changed_paths(self, a: str, b: str) -> set[str]:
        """Paths whose blob (or mode) differs between two commits: trees compared, no content read."""
        return set(self.changed_path_list(a, b))

    def changed_path_list(self, a: str, b: str) -> list[str]:
        """:meth:`changed_paths` in the order ``git diff`` shows them."""
        out = self._plumb_ok(
            "diff-tree", "-r", "-z", "--no-renames", "--name-only", "--end-of-options", a, b, strip=False
        )
        return [name for name in out.split("\0") if name]

    def changed_path_lists(self, base: str, tips: Sequence[str]) -> list[list[str]]:
        """:meth:`changed_path_list` from ``base`` to each of ``tips``, from one ``diff-tree --stdin`` (a line
        ``TIP BASE`` each: the tip diffed against ``base`` given as its one parent) where a merge's audit ran one
        process a side.  A tip's names follow its header, an empty name and its id (``--format=%x00%H``; no name
        is empty); tips that are not distinct full ids, or an answer not read so, are asked one process a tip."""
        if len(set(tips)) == len(tips) and all(blobs.is_object_id(rev) for rev in (base, *tips)):
            lines = "".join(f"{tip} {base}\n" for tip in tips).encode("ascii")
            args = ("diff-tree", "--stdin", "-r", "-z", "--no-renames", "--name-only", "--format=%x00%H")
            done = self.plumb(*args, stdin=lines)
            found = _names_by_tip(done.stdout, tips) if done.returncode == 0 else None
            if found is not None:
                return found
        return [self.changed_path_list(base, tip) for tip in tips]

    def merge_tree(
        self,
        ours: str,
        theirs: str,
        *,
        merge_base: str | None = None,
        unrelated: bool = False,
        as_checkout: bool = False,
    ) -> TreeMerge:
        """Three-way merge two commits in the object database (`git merge-tree --write-tree`, ort).
        ``as_checkout``: as `git merge` in a checkout of ``ours`` would, its ``.gitattributes`` read (merge
        drivers) and ``merge.renormalize`` refused where it would change the result (``_merge_attributes``);
        the gate's merges read no attribute of the tree (a pull request's file names no program to run)."""
        args = ["merge-tree", "--write-tree", "-z", "--name-only", "--no-messages"]
        args += [f"--merge-base={merge_base}"] if merge_base else []
        args += ["--allow-unrelated-histories"] if unrelated else []
        folder = self._attribute_folder(ours) if as_checkout else self._scratch
        renormalize = as_checkout and self._renormalizes
        self._merge_attributes(ours, theirs, folder, renormalize)
        done = self.plumb(*args, ours, theirs, cwd=folder)
        if done.returncode not in (0, 1):
            raise failed("merge-tree", self.path, done.stderr, done.returncode)
        tree, *names = done.stdout.decode("utf-8", "surrogateescape").split("\0")
        return TreeMerge(tree, tuple(dict.fromkeys(n for n in names if n)))

    def pick_tree(self, onto: str, commit: str, *, as_checkout: bool = False) -> TreeMerge:
        """The tree a cherry-pick of ``commit`` onto ``onto`` gives: a merge with base ``commit^``.

        git < 2.40 has no ``merge-tree --merge-base``: a throwaway commit with the tree of ``onto`` and
        the parent ``commit^`` makes ``commit^`` the merge base of it and ``commit``.
        """
        header = self.commit_object(commit).partition(b"\n\n")[0].decode("utf-8", "replace").splitlines()
        parents = [line.split()[1] for line in header if line.startswith("parent ")]
        committer = next((line for line in header if line.startswith("committer ")), "")
        when = committer.rsplit(" ", 2)[-2] if committer.count(" ") >= 2 else "0"
        when = when if when.isdigit() else "0"
        if len(parents) > 1:
            raise GitError(
                f"{commit[:12]} is a merge commit: it cannot be cherry-picked as one change",
                "pick the commits it merged instead",
            )
        base = parents[0] if parents else None
        if base is not None and git_version() >= (2, 40):
            return self.merge_tree(onto, commit, merge_base=base, as_checkout=as_checkout)
        # Dated like the picked commit: git's merge-base walk goes newest first, so a commit dated 1970
        # would make it walk the whole history before it reaches the throwaway one.
        env = _SCRATCH_ENV | {"GIT_AUTHOR_DATE": f"@{when} +0000", "GIT_COMMITTER_DATE": f"@{when} +0000"}
        scratch = self.commit_tree(
            self.tree(onto), [base] if base else [], b"aeon-release: cherry-pick base\n", env=env, sign=False
        )
        return self.merge_tree(scratch, commit, unrelated=base is None, as_checkout=as_checkout)

    @contextlib.contextmanager
    def asked_ahead(self, commits: bool) -> Iterator[None]:
        """Within: git is asked, on threads, what a merge's preflight and its commits ask next one at a time (the
        author's and committer's identities, the merge settings; with ``commits`` the hooks' folder, commit
        signing, git's version).  Each was a git process the run waited on in turn, 3 ms quiet and 20-50 ms on a
        loaded machine (benchmarks/merge_cpu.md); together they take the longest one's wait, beside the plan's
        own.  Each answer is kept where its question keeps it; one that fails is asked again in its turn, and
        said there, so the checks and their order are the same."""
        asks: list[Callable[[], object]] = [
            functools.partial(self.ident, "GIT_AUTHOR_IDENT"),
            functools.partial(self.ident, "GIT_COMMITTER_IDENT"),
            self.merge_settings,
        ]
        if commits:
            asks += [lambda: self.hooks_dir, lambda: self.signs_commits, git_version]
        threads: list[threading.Thread] = []
        for ask in asks:
            thread = threading.Thread(target=_asked, args=(ask,), name="git-ask", daemon=True)
            try:
                thread.start()
            except RuntimeError:  # no thread can start (``ulimit -v``, a full machine): the rest is asked in turn
                break
            threads.append(thread)
        try:
            yield
        finally:
            for thread in threads:  # none runs on: the run may fork later (a thread's lock would stay held)
                thread.join()

    def check_identity(self) -> None:
        """git has a name and an email to write into a commit, as author and as committer; else the error
        that says how to set them.  A machine with neither (a fresh CI runner, a container) had the merge
        fail at its first commit, after the merge itself, with git's last line of advice as the reason."""
        for who in ("GIT_COMMITTER_IDENT", "GIT_AUTHOR_IDENT"):
            status, _, err = self.ident(who)
            said = [line.strip() for line in err.splitlines() if line.strip()]
            date = next((line for line in said if line.startswith("fatal: invalid date format")), None)
            if status != 0 and date is not None:
                # the caller's GIT_COMMITTER_DATE or GIT_AUTHOR_DATE, which git reads with the identity: it was
                # "no identity to commit with", and the hint to set a name and an email that were set
                variable = who.replace("_IDENT", "_DATE")
                raise UsageError(
                    f"{variable} is no date git reads ({printable(date)[:120]})",
                    f"unset {variable}, or set it as git reads it, e.g. '@1767225600 +0000' or '2026-01-01T00:00:00Z'",
                )
            if status != 0:
                raise identity_error(str(self.path), said)

    def ident(self, who: str) -> tuple[int, str, str]:
        """``git var GIT_AUTHOR_IDENT`` (or GIT_COMMITTER_IDENT): (status, stdout, stderr); an identity git
        gave is not asked again of this instance (the waiver's author, then the check before the merge)."""
        known = self._idents.get(who)
        if known is not None:
            return 0, known, ""
        status, out, err = self.try_run("var", who)
        if status == 0:
            self._idents[who] = out
        return status, out, err

    def commit_tree(
        self,
        tree: str,
        parents: Sequence[str],
        message: bytes,
        *,
        env: Mapping[str, str] | None = None,
        sign: bool = True,
    ) -> str:
        """A commit object (`git commit-tree`); signed when commit.gpgSign says so, as `git commit` would."""
        args = ["commit-tree", tree, *(x for p in parents for x in ("-p", p))]
        if sign and self.signs_commits:
            args.append("-S")  # commit-tree reads gpg.program and user.signingKey, not commit.gpgSign
        done = self.plumb(*args, env=env, stdin=message)
        if done.returncode != 0:
            raise failed("commit-tree", self.path, done.stderr, done.returncode)
        sha = done.stdout.decode().strip()
        if blobs.is_object_id(sha):  # a commit made here: it exists, and its tree is known (the next pick asks)
            self._commits.add(sha)
            if blobs.is_object_id(tree):
                self._trees[sha] = tree
        return sha

    @functools.cached_property
    def signs_commits(self) -> bool:
        return self.config_value("commit.gpgSign", "bool") == "true"

    def config_value(self, key: str, kind: str | None = None) -> str | None:
        """``git config --get KEY`` (with ``--type=KIND``): None when unset, or not of that type."""
        # (a read: no `plumb`, whose scratch folder a dry run on a read-only checkout cannot make)
        status, out, _ = self.try_run("config", *([f"--type={kind}"] if kind else []), "--get", key)
        return out.strip() if status == 0 else None

    def merge_settings(self) -> dict[str, str]:
        """``merge.ff``, ``merge.verifySignatures``, ``merge.renormalize`` and every ``branch.NAME.mergeOptions`` as
        set (the last value of each, a bare key's ``true``; keys lower-case but for the branch name, which git keeps
        as spelt), in one git run, once an instance: a merge asks them every time, and most repositories set none."""
        if self._merge_settings is None:
            pattern = r"^(merge\.(ff|verifysignatures|renormalize|log|summary)|branch\..*\.mergeoptions)$"
            _, out, _ = self.try_run("config", "-z", "--get-regexp", pattern)
            entries = (e.partition("\n") for e in out.split("\0") if e)
            self._merge_settings = {_config_key(key): value if sep else "true" for key, sep, value in entries}
        return self._merge_settings

    def merge_log_limit(self) -> int:
        """How many merged commits' one-line summaries ``git merge`` appends to the merge message: ``merge.log``
        (``merge.summary``, its old name), a boolean (true: 20, git's DEFAULT_MERGE_LOG_LEN) or a number."""
        settings = self.merge_settings()
        key = next((k for k in ("merge.log", "merge.summary") if k in settings), None)
        if key is None:
            return 0
        value = self.config_value(key, "bool-or-int")
        if value in ("true", "false"):
            return 20 if value == "true" else 0
        if value is None or not value.isdigit():  # git merge dies on it too ("bad boolean config value")
            raise GitError(
                f"git config {key}={quoted(settings[key])} is neither a boolean nor a number of commits",
                f"set it as git merge reads it: `git config {key} true` (20 commits) or a number, or unset it",
            )
        return int(value)

    def merged_subjects(self, head: str, sha: str, limit: int) -> tuple[list[str], int]:
        """The first ``limit`` one-line summaries of the commits ``sha`` brings onto ``head`` (merges left out),
        in ``git log``'s order as git's shortlog walks them, and how many there are."""
        span = f"{head}..{sha}"
        count = int(self.run("rev-list", "--count", "--no-merges", "--end-of-options", span, "--") or "0")
        subjects = self.run("log", "--no-merges", f"-n{limit}", "--format=%s", "--end-of-options", span, "--")
        return subjects.splitlines(), count

    def tag_message(self, tag: str) -> str:
        """An annotated tag's message without its signature; "" for a lightweight tag."""
        fmt = "%(objecttype)%00%(contents)%00%(contents:signature)"
        _, out, _ = self.try_run("for-each-ref", f"--format={fmt}", f"refs/tags/{tag}")
        kind, _, rest = out.partition("\0")
        contents, _, signature = rest.partition("\0")
        if kind != "tag":
            return ""
        return contents.removesuffix(signature) if signature else contents

    def merge_signature(self, sha: str) -> Signature:
        """What ``git merge`` asks of the commit it merges under ``merge.verifySignatures``: a good signature
        by a key trusted at least marginally (``gpg.minTrustLevel`` when set), as ``git verify-commit``
        checks it; the result letter and signer are ``%G?`` and ``%GS`` for the refusal's wording."""
        trust = () if self.config_value("gpg.minTrustLevel") else ("-c", "gpg.minTrustLevel=marginal")
        verified, _, _ = self.try_run(*trust, "verify-commit", sha)
        _, shown, _ = self.try_run(
            "log", "-1", "--no-show-signature", "--format=%G?%x00%GS", "--end-of-options", sha, "--"
        )
        result, _, signer = shown.strip().partition("\0")
        return Signature(verified == 0, result or "N", signer)

    def apply_to_tree(self, tree: str, patch: Path) -> TreeMerge | None:
        """Apply a patch three-way onto a tree in a private index; None when it is already applied."""
        index = files.state_place(self.common_dir) / f"apply-{os.getpid()}.index"
        env = {"GIT_INDEX_FILE": str(index)}
        try:
            self._plumb_ok("read-tree", tree, env=env)
            if self.plumb("apply", "--check", "--reverse", "--cached", str(patch), env=env).returncode == 0:
                return None
            done = self.plumb("apply", "--cached", "--3way", str(patch), env=env)
            unmerged = self.plumb("ls-files", "-u", "-z", "--name-only", env=env).stdout.decode(
                "utf-8", "surrogateescape"
            )
            conflicts = tuple(dict.fromkeys(n for n in unmerged.split("\0") if n))
            if done.returncode != 0:
                return TreeMerge("", conflicts, _last_line(done.stderr) or "git apply failed")
            return TreeMerge(self._plumb_ok("write-tree", env=env))
        finally:
            index.unlink(missing_ok=True)

    def index_env(self, tree: str) -> tuple[dict[str, str], Path]:
        """A private index holding ``tree`` (for hooks that read the index); the caller deletes it."""
        index = files.state_place(self.common_dir) / f"hook-{os.getpid()}.index"
        env = {"GIT_INDEX_FILE": str(index)}
        self._plumb_ok("read-tree", tree, env=env)
        return env, index

    def tree_of(self, entries: Sequence[blobs.Entry]) -> str:
        """A tree object holding ``entries`` (modes, blob ids and paths of other trees), built in a
        private index."""
        index = self._scratch / f"tree-{os.getpid()}.index"
        env = {"GIT_INDEX_FILE": str(index)}
        records = b"".join(f"{e.mode} {e.oid}\t".encode() + os.fsencode(e.path) + b"\0" for e in entries)
        try:
            done = self.plumb("update-index", "-z", "--index-info", env=env, stdin=records)
            if done.returncode != 0:
                raise failed("update-index", self.path, done.stderr, done.returncode)
            return self._plumb_ok("write-tree", env=env)
        finally:
            index.unlink(missing_ok=True)

    def write_tree(self) -> str:
        """The tree of this work tree's own index (a linked worktree has one of its own)."""
        return self.run("write-tree")

    # -- hooks ----------------------------------------------------------------------------------
    @functools.cached_property
    def hooks_dir(self) -> Path:
        """Where this repository's hooks live (core.hooksPath or .git/hooks)."""
        # from the top of the work tree: a relative core.hooksPath is relative to it
        return Path(self.run("rev-parse", "--path-format=absolute", "--git-path", "hooks"))

    def hook(self, name: str) -> Path | None:
        path = self.hooks_dir / name
        return path if path.is_file() and os.access(path, os.X_OK) else None

    def run_hook(self, name: str, *args: str, cwd: Path, env: Mapping[str, str]) -> HookResult | None:
        """Run one hook the way git does (stdin closed, stdout and stderr together); None if absent.  At a
        terminal it keeps the terminal's session, as under git (a hook may ask there: ``exec < /dev/tty``)."""
        path = self.hook(name)
        if path is None:
            return None
        environ = dict(os.environ) | dict(env)
        done = bounded_run(
            [str(path), *args],
            seconds=PROGRAM_SECONDS,
            merge_stderr=True,
            cwd=cwd,
            env=environ,
            own_session=not has_terminal(),
        )
        return HookResult(name, done.returncode, (done.stdout + done.stderr).decode("utf-8", "replace"))

    # -- a worktree of ours ---------------------------------------------------------------------
    def reset_hard(self, rev: str) -> None:
        """Detach at ``rev`` with index and files matching it; any merge or pick in progress is forgotten."""
        # our worktree's HEAD is always detached; the commit by its id: git 2.39's reset refuses --end-of-options
        self.run("reset", "--quiet", "--hard", self.resolve(rev) or rev, "--")
        self.forget_operation()

    def set_head(self, sha: str) -> None:
        """Point the (detached) HEAD at a commit made by commit-tree; index and files already match it."""
        self.run("update-ref", "--no-deref", "HEAD", sha)

    def forget_operation(self) -> None:
        """Drop the state of a merge or cherry-pick we concluded ourselves (`git merge --quit`, for both)."""
        for name in ("MERGE_HEAD", "MERGE_MSG", "MERGE_MODE", "MERGE_RR", "CHERRY_PICK_HEAD", "AUTO_MERGE"):
            (self.git_dir / name).unlink(missing_ok=True)
        shutil.rmtree(self.git_dir / "sequencer", ignore_errors=True)

    def untracked(self) -> list[str]:
        out = self.run("ls-files", "-z", "--others", "--exclude-standard")
        return [name for name in out.split("\0") if name]

    def stage_tracked(self) -> None:
        """Stage changes to tracked files only: stray files (`*.orig`, notes) never ride along."""
        self.run("add", "--update")


def _last_line(stderr: bytes) -> str:
    lines = stderr.decode("utf-8", "replace").strip().splitlines()
    return lines[-1] if lines else ""


def records(out: str) -> list[str]:
    """git's one-record-a-line output (``log --format=...%s``) split at its newlines only: a subject may hold
    what ``str.splitlines()`` also breaks at (a form feed, \\x1c-\\x1e, NEL, U+2028), which cut the subject
    there, so "Add a knob<U+2028>for it (#53000)" was "Add a knob" and a pick of PR #53000 "has no
    commit" upstream."""
    return out.split("\n") if out else []


def failed(command: str, where: object, stderr: str | bytes, status: int | None = None) -> GitError:
    """A git that failed, as one line: git's reason, not the advice it prints around it.

    git says why on its ``fatal:`` or ``error:`` line and may go on with advice: the last line (all
    the tool quoted) was "remove the file manually to continue." for a lock file another git left,
    with the lock's name three lines up, and "Omit --global to set the identity only in this
    repository." when no name or email is set to commit with (every fresh CI machine).  Those two
    causes lie outside the tool and outside the run, so they get the way out as their hint and are
    marked ``outside``: a stopped merge adds how to pick it up."""
    text = stderr.decode("utf-8", "replace") if isinstance(stderr, bytes) else stderr
    said = [line.strip() for line in text.splitlines() if line.strip()]
    head = f"git {command} failed in {where}"
    lock = _LOCK_HELD.search(text)
    if lock is not None:
        name = printable(lock.group(1))[:200]
        error = GitError(
            f"{head}: {name} exists: another git is at work in the repository, or one stopped before it removed "
            "its lock file",
            f"let the other git finish; if none is running, remove {name}",
        )
    elif any(line.startswith(_NO_IDENTITY) for line in said):
        error = identity_error(head, said)
    elif (unparsed := blobs.unparsed_file(where, said)) is not None:
        error = unparsed
    else:
        # git's reasons, a chain at times ("transport 'file' not allowed / could not fetch ... from promisor
        # remote", "gpg failed to sign the data / failed to write commit object"); else its last word
        # (not git's advice: with none, `rev-parse --quiet` quoted the last line of a hint as its reason)
        advice = [line for line in said if not line.startswith("hint:")]
        causes = [line for line in said if line.startswith(("fatal:", "error:"))][-3:] or advice[-1:]
        error = GitError(f"{head}: {printable(' / '.join(causes)) or f'exit {status}'}", _disk_hint(causes))
        error.disk = error.hint is not None
        if not error.disk and any(words in line for line in causes for words in _REFUSED_SAYS):
            # git may not write where it must (a folder's mode, `chattr +i`, a file system that refuses root): the
            # merge's preflight said "move what stands at refs/heads/BRANCH aside", a branch that is not there
            error.hint, error.outside = _REFUSED_HINT, True
            return error
        if not error.disk and any(blobs.damaged(line) for line in causes):
            error.hint = blobs.FSCK_HINT  # objects git has and cannot read
        return error
    error.outside = True
    return error


def _disk_hint(causes: list[str]) -> str | None:
    """The machine's hint when git says the disk refused a write (git runs in the C locale, so its words
    are the C library's): a full disk was "check the repository and the revision with `git rev-parse`"."""
    said = " ".join(causes)
    if _LOCK_UNWRITTEN.search(said):
        return _LOCK_UNWRITTEN_HINT
    return next((hint for words, hint in _DISK_SAYS.items() if words in said), None)


_REFUSED_SAYS = (os.strerror(errno.EACCES), os.strerror(errno.EPERM))  # "Permission denied", "Operation not permitted"
_REFUSED_HINT = (
    "git may not write there: check the permissions of the path git names (and `lsattr` for an immutable attribute)"
)


# git made its lock file and could not write the new value into it: "couldn't write 'refs/heads/x.lock'", with no
# reason (git drops the errno), and a full disk is what does it (the file was made: no permission or place is
# wrong).  The merge's preflight said "move what stands at refs/heads/BRANCH aside", a branch that is not there.
_LOCK_UNWRITTEN = re.compile(r"couldn't write '[^']*\.lock'")
_LOCK_UNWRITTEN_HINT = (
    "git made a lock file and could not write into it, which a full disk (or a quota, a file-size limit) does: "
    "free some disk space and run the command again"
)


# a full disk, a quota, a file-size limit or a read-only file system, in the C library's words
_DISK_SAYS = {
    os.strerror(number): hint
    for number in sorted(DISK_ERRNOS)
    if (hint := environment_hint(OSError(number, ""))) is not None
}


def identity_error(head: str, said: list[str]) -> GitError:
    """git has no name or email to write into a commit (``user.name``/``user.email`` unset and the
    machine's own guess refused, or ``user.useConfigOnly``)."""
    cause = next((line for line in said if line.startswith("fatal:")), "fatal: no name or email to commit with")
    return GitError(
        f"{head}: git has no identity to commit with ({printable(cause)[:160]})",
        'set one for this repository: git config user.name "Your Name" && git config user.email you@example.com '
        "(or GIT_AUTHOR_NAME, GIT_AUTHOR_EMAIL, GIT_COMMITTER_NAME and GIT_COMMITTER_EMAIL)",
    )


# git's words for a lock file in the way (refs, the index, HEAD, config, packed-refs, shallow)
_LOCK_HELD = re.compile(r"Unable to create '([^'\n]+\.lock)': File exists")
_NO_IDENTITY = (
    "*** Please tell me who you are",
    "fatal: unable to auto-detect email address",
    "fatal: no email was given and auto-detection is disabled",
    "fatal: no name was given and auto-detection is disabled",
    "fatal: empty ident name",
    "fatal: name consists only of disallowed characters",
)


# -- for the audits ------------------------------------------------------------------------------
def diff_zero_context(path: Path, a: str, b: str, pathspecs: Sequence[str] = ()) -> str:
    """``git diff -U0`` between two commits, renames off: the merge-aware audits parse its hunks.

    ``pathspecs`` carry their own magic (``:(glob)``, ``:(literal)``); the user's environment cannot
    turn it off (gitenv)."""
    args = ["diff", "-U0", *PATCH_OPTIONS, "--no-renames", "--irreversible-delete", a, b]
    if pathspecs:
        args += ["--", *pathspecs]
    return Git(path).run(*args)


def _grep(path: Path, rev: str, options: Sequence[str], patterns: Sequence[str], pathspecs: Sequence[str]) -> str:
    """``_grep_at`` of one revision."""
    return _grep_at(path, (rev,), options, patterns, pathspecs)


def _grep_at(
    path: Path, revs: Sequence[str], options: Sequence[str], patterns: Sequence[str], pathspecs: Sequence[str]
) -> str:
    """``git grep -F -z`` of fixed strings at each of ``revs`` (in C, on every core; a path is printed after its
    revision and a colon); exit 1 is "nothing found".
    ``--text``: git takes a file the tree's .gitattributes marks ``-diff`` or ``binary`` for a binary one
    (``-I`` skipped it, and without ``-I`` it said "Binary file matches"); callers drop lines holding a NUL."""
    args = [
        "grep",
        "-z",
        "-F",
        "--text",
        *GREP_OPTIONS,
        "--no-textconv",
        *options,
        *(x for p in patterns for x in ("-e", p)),
    ]
    status, out, err = Git(path).try_run(*args, *revs, "--", *pathspecs)
    if status not in (0, 1):
        raise failed("grep", path, err, status)
    return out


def files_containing(path: Path, rev: str, words: Sequence[str], pathspecs: Sequence[str]) -> frozenset[str]:
    """Paths at ``rev`` whose text contains one of ``words``."""
    out = _grep(path, rev, ["-l"], words, pathspecs)
    return frozenset(name.removeprefix(f"{rev}:") for name in out.split("\0") if name)


def files_containing_each(
    path: Path, rev: str, word_sets: Sequence[Sequence[str]], pathspecs: Sequence[str]
) -> list[frozenset[str]] | None:
    """``files_containing`` of each set of ``word_sets``, from one ``git grep`` of all their words: the
    lines it prints say which words a file holds (no word may hold a newline: git would split it into
    two).  None when its output cannot be read line by line: a path holding a newline."""
    words = sorted({w for s in word_sets for w in s})
    texts: dict[str, list[str]] = {}
    for line in records(_grep(path, rev, [], words, pathspecs)):
        name, sep, text = line.partition("\0")
        if not sep:  # the head of a path a newline cut in two (no line holds one)
            return None
        texts.setdefault(name.removeprefix(f"{rev}:"), []).append(text)
    joined = {name: "\n".join(lines) for name, lines in texts.items()}
    return [frozenset(name for name, text in joined.items() if any(w in text for w in s)) for s in word_sets]


# Up to this many files, ``files_holding`` reads them through the run's cat-file rather than start a ``git grep``
# (a merge's audit reads the same blobs there next); a release's hundreds are grepped, in C, on every core.
READ_NOT_GREPPED = 32
_READ_CAP = 1024 * 1024  # a bigger blob is grepped: git streams it, the reader would hold it whole


def files_holding(
    path: Path, rev: str, word_sets: Sequence[Sequence[str]], paths: Sequence[str]
) -> list[frozenset[str]] | None:
    """``files_containing`` of each set of ``word_sets`` over ``paths`` (paths at ``rev``, not pathspecs), from the
    blobs themselves, read through the run's cat-file, when they are few; None when ``git grep`` is to answer.
    ``git grep -F -l`` of a word without a newline finds a file whose bytes hold it (the empty word: any non-empty
    file), and nothing in a symlink (its link text is not read) nor in a submodule (no blob).  A blob over the cap,
    a damaged repository (grep says what it says) or more paths than a few: None."""
    if any("\n" in w for words in word_sets for w in words):
        return None
    sets = [[os.fsencode(w) for w in words] for words in word_sets]
    held = few_blobs(path, rev, paths, lambda data: any(w in data for ws in sets for w in ws))
    if held is None:
        return None
    return [frozenset(p for p, data in held.items() if any(w in data for w in ws)) for ws in sets]


def few_blobs(path: Path, rev: str, paths: Sequence[str], keep: Callable[[bytes], bool]) -> dict[str, bytes] | None:
    """The non-empty blobs of ``paths`` at ``rev`` that ``keep`` accepts, symlinks left out, read through the run's
    cat-file: what ``git grep`` would read of the same ``:(literal)`` paths, without its process (a merge's audit
    reads the same blobs next).  None when grep is to answer: more paths than a few, a blob over the cap, a
    damaged repository, or a path that is a folder at ``rev`` (grep reads the files under it)."""
    if len(paths) > READ_NOT_GREPPED:
        return None
    try:
        with shared_reader(path) as reader:
            got = reader.read_many([f"{rev}:{p}" for p in paths], _READ_CAP)
            if any(got[f"{rev}:{p}"] is None and reader.tree_object(f"{rev}:{p}") for p in paths):
                return None
            kept = {p: data for p in paths if (data := got[f"{rev}:{p}"]) and keep(data)}
            links = _links_among(reader, rev, sorted(kept))
    except (blobs.TooLarge, GitError):
        return None
    if links is None:
        return None
    return {p: data for p, data in kept.items() if p not in links}


def _links_among(reader: blobs.Blobs, rev: str, paths: Sequence[str]) -> set[str] | None:
    """Which of ``paths`` are symlinks at ``rev``, read from their folders' tree objects; None when a folder's
    cannot be read so."""
    links: set[str] = set()
    for folder in sorted({posixpath.dirname(p) for p in paths}):
        got = reader.tree_object(f"{rev}:{folder}")
        if got is None:
            return None
        width, data, at = len(got[0]) // 2, got[1], 0  # an entry: "MODE NAME", a NUL, the id's raw bytes
        while at < len(data):
            space, nul = data.find(b" ", at), data.find(b"\0", at)
            if space < 0 or nul < space:
                return None
            if data[at:space] == b"120000":
                links.add(posixpath.join(folder, os.fsdecode(data[space + 1 : nul])))
            at = nul + 1 + width
    return links & set(paths)


def word_lines(path: Path, rev: str, word: str, pathspecs: Sequence[str]) -> list[tuple[str, str]]:
    """(path, line text) of every line at ``rev`` that holds ``word`` as a whole word."""
    out = _grep(path, rev, ["-w"], [word], pathspecs)
    found = []
    for line in records(out):
        name, sep, text = line.partition("\0")
        if sep and "\0" not in text:  # a NUL: a binary file's bytes (what -I left out)
            found.append((name.removeprefix(f"{rev}:"), text))
    return found


def lines_in_files_containing(
    path: Path, rev: str, strings: Sequence[str], pathspecs: Sequence[str]
) -> list[tuple[str, str]]:
    """(path, line text) of every line at ``rev`` that holds one of ``strings`` (one ``git grep`` for all)."""
    if not strings:
        return []
    found = []
    for line in _grep(path, rev, [], strings, pathspecs).splitlines():
        name, sep, text = line.partition("\0")
        if sep and "\0" not in text:  # a NUL: a binary file's bytes
            found.append((name.removeprefix(f"{rev}:"), text))
    return found


def lines_containing(path: Path, rev: str, strings: Sequence[str], pathspecs: Sequence[str]) -> list[str]:
    """The text of every line at ``rev`` that holds one of ``strings`` (one ``git grep`` for all)."""
    if not strings:
        return []
    return [line for line in _grep(path, rev, ["-h"], strings, pathspecs).split("\n") if line and "\0" not in line]


def words_present(path: Path, rev: str, words: Sequence[str], pathspecs: Sequence[str]) -> frozenset[str]:
    """Which of ``words`` occur at ``rev`` as whole words (``git grep -o -w``: one pass for all of them)."""
    return _present(path, rev, words, pathspecs, ["-w"])


def strings_present(path: Path, rev: str, strings: Sequence[str], pathspecs: Sequence[str]) -> frozenset[str]:
    """Which of ``strings`` occur at ``rev`` (fixed strings, one ``git grep -o`` pass for all of them)."""
    return _present(path, rev, strings, pathspecs, [])


def _present(
    path: Path, rev: str, strings: Sequence[str], pathspecs: Sequence[str], options: list[str]
) -> frozenset[str]:
    if not strings:
        return frozenset()
    out = _grep(path, rev, ["-o", "-h", *options], strings, pathspecs)
    return frozenset(line for line in out.split("\n") if line) & frozenset(strings)


DEF_LINE = re.compile(r"^[ \t]*(?:async[ \t]+)?def[ \t]+(\w+)[ \t]*\(")


def definition_sites(
    path: Path, rev: str, names: Sequence[str], pathspecs: Sequence[str]
) -> dict[str, list[tuple[str, int]]]:
    """Where each of ``names`` is defined (``def NAME(``, at any depth) at ``rev``: path and line.
    ``git grep`` finds the candidate lines; the def is confirmed here."""
    return definition_sites_at(path, (rev,), names, pathspecs)[rev]


def definition_sites_at(
    path: Path, revs: Sequence[str], names: Sequence[str], pathspecs: Sequence[str]
) -> dict[str, dict[str, list[tuple[str, int]]]]:
    """``definition_sites`` at each of ``revs``, from one ``git grep`` of them all: the return checks asked it of
    the base and of upstream, a process each, in most audits of a changed return (perf36)."""
    wanted = set(names)
    sites: dict[str, dict[str, list[tuple[str, int]]]] = {rev: {} for rev in revs}
    if not wanted:
        return sites
    patterns = [f"def {n}" for n in sorted(wanted)]
    read = {rev: _read_def_lines(path, rev, patterns, pathspecs) for rev in sites}
    grepped = _grepped_def_lines(path, [rev for rev, lines in read.items() if lines is None], patterns, pathspecs)
    for rev, lines in read.items():
        for name, number, text in lines if lines is not None else grepped[rev]:
            if (match := DEF_LINE.match(text)) and match.group(1) in wanted:
                sites[rev].setdefault(match.group(1), []).append((name, number))
    return sites


def _grepped_def_lines(
    path: Path, revs: Sequence[str], patterns: Sequence[str], pathspecs: Sequence[str]
) -> dict[str, list[tuple[str, int, str]]]:
    """(path, line number, text) of each line at each of ``revs`` holding one of ``patterns``, one ``git grep -n``
    for all: a record's revision is the one its name starts with (the longest, should one prefix another)."""
    found: dict[str, list[tuple[str, int, str]]] = {rev: [] for rev in revs}
    if not revs:
        return found
    longest_first = sorted(revs, key=len, reverse=True)
    for name, number, text in _grep_lines(_grep_at(path, revs, ["-n"], patterns, pathspecs)):
        rev = next((r for r in longest_first if name.startswith(f"{r}:")), revs[0] if len(revs) == 1 else None)
        if rev is not None:
            found[rev].append((name.removeprefix(f"{rev}:"), int(number), text))
    return found


def _grep_lines(out: str) -> Iterator[list[str]]:
    """``git grep -z -n``'s records: path, line number, text."""
    for line in out.split("\n"):
        parts = line.split("\0", 2)
        if len(parts) == 3 and parts[1].isdigit():
            yield parts


def _read_def_lines(
    path: Path, rev: str, patterns: Sequence[str], pathspecs: Sequence[str]
) -> list[tuple[str, int, str]] | None:
    """What ``git grep -F -n`` of ``patterns`` prints of a few ``:(literal)`` paths, as (path, line number, text),
    read from their blobs through the run's cat-file: a merge's return checks asked it of upstream's changed
    files at each side, a ``git grep`` process each (perf36).  None when grep is to answer (``few_blobs``)."""
    paths = [spec.removeprefix(":(literal)") for spec in pathspecs]
    if not paths or any(not spec.startswith(":(literal)") for spec in pathspecs):
        return None
    if any("\n" in word for word in patterns):
        return None
    words = [os.fsencode(word) for word in patterns]
    held = few_blobs(path, rev, list(dict.fromkeys(paths)), lambda data: any(w in data for w in words))
    if held is None:
        return None
    return [
        (name, number, text)
        for name in sorted(held, key=os.fsencode)  # git's order: a tree's, its paths' bytes
        for number, text in enumerate(_text(held[name]).split("\n"), 1)
        if any(word in text for word in patterns)
    ]


SHALLOW_HINT = (
    "this clone is shallow, so older commits are missing: run `git fetch --unshallow` "
    "(in GitHub Actions: actions/checkout with fetch-depth: 0)"
)


def _names_by_tip(out: bytes, tips: Sequence[str]) -> list[list[str]] | None:
    """``diff-tree --stdin --format=%x00%H -z --name-only``'s answer by tip: each diff with names is ``NUL TIP NUL``,
    a newline (git's line between a header and its diff), then ``NAME NUL`` each; a tip with none prints nothing.
    None for anything else."""
    words = out.decode("utf-8", "surrogateescape").split("\0")
    if words.pop() != "":
        return None
    found: dict[str, list[str]] = {}
    names: list[str] | None = None
    at = 0
    while at < len(words):
        if words[at]:  # a name of the diff under the last header
            if names is None:
                return None
            names.append(words[at])
            at += 1
            continue
        tip, first = words[at + 1 : at + 2], words[at + 2 : at + 3]
        if not tip or tip[0] not in tips or tip[0] in found or not first or first[0][:1] != "\n" or not first[0][1:]:
            return None
        names = found[tip[0]] = [first[0][1:]]
        at += 3
    return [found.get(tip, []) for tip in tips]


def git_common_dir(path: Path) -> Path | None:
    """The git directory shared by the work trees of the repository at ``path``; None outside git."""
    status, out, _ = rev_parse(path, "--path-format=absolute", "--git-common-dir")
    return Path(out) if status == 0 and out else None


def changed_since(path: Path, rev: str, until: str | None = None) -> list[str]:
    """Files that differ between ``rev`` and ``until`` (default: the work tree, untracked files too)."""
    git = Git(path)
    if git.resolve(rev) is None:
        raise blobs.no_commit(
            path, rev, hint=SHALLOW_HINT if git.is_shallow() else "pass --changed-since a branch, tag or commit"
        )
    if until is not None:
        return git.files_between(rev, until)
    # diff-index compares the work tree by stat data (a file whose stat changed is listed, never hashed):
    # `git diff REV` hashed it through the clean filter the tree's .gitattributes names, a program of the
    # repository's config
    listed = ("diff-index", "--name-only", "-z", "--no-renames", "--end-of-options", rev, "--")
    done = _run_git((*git._case, *listed), cwd=git._cwd, env=git.env())
    if done.returncode != 0:
        raise failed(f"diff-index {rev[:60]}", path, done.stderr, done.returncode)
    tracked = [os.fsdecode(p) for p in done.stdout.split(b"\0") if p]
    untracked = git.run("ls-files", "-z", "--others", "--exclude-standard")
    return sorted({*tracked, *(name for name in untracked.split("\0") if name)})


def read_blobs(path: Path, rev: str, paths: list[str]) -> dict[str, str | None]:
    """``rev:path`` for many paths through the process's one ``git cat-file --batch`` of the repository
    (None where the path is absent), asked in batches (``Blobs.read_many``).  A merge's checks ask a dozen
    times, each for another revision or set of files: one process answers them all (a started git was ~4 ms
    of the sidecar's CPU each)."""
    with shared_reader(path) as reader:
        named = reader.read_many([f"{rev}:{p}" for p in paths])
    found = {p: named[f"{rev}:{p}"] for p in paths}
    return {p: None if data is None else data.decode("utf-8", errors="replace") for p, data in found.items()}


@contextlib.contextmanager
def shared_reader(path: Path) -> Iterator[blobs.Blobs]:
    """The process's one ``git cat-file --batch`` of the repository at ``path``, started at its first read and
    held by the caller alone while it reads (the merge's background threads read too)."""
    # by the absolute path: a relative one (the CLI's default ``--repo .``) names another repository once the
    # process's folder changes (the tests run commands in-process, one checkout after another)
    where = Path(path).absolute()
    with _READERS_LOCK:
        key = str(where)
        reader = _READERS.pop(key, None) or blobs.Blobs(where)
        _READERS[key] = reader  # the newest last
        while len(_READERS) > _KEPT_READERS:
            _READERS.pop(next(iter(_READERS))).close()
        yield reader


_READERS: dict[str, blobs.Blobs] = {}  # the shared readers, by repository
_READERS_LOCK = threading.RLock()  # re-entered by a read made while one is held (the same thread's)
_KEPT_READERS = 4  # a long-lived process (the tests) keeps the latest repositories' only


def _forget_readers() -> None:
    """A forked child starts its own readers (its parent's pipes are the parent's), and a fresh lock:
    another thread of the parent may have held it at the fork."""
    global _READERS_LOCK
    _READERS.clear()
    _READERS_LOCK = threading.RLock()


if hasattr(os, "register_at_fork"):  # POSIX
    os.register_at_fork(after_in_child=_forget_readers)


def merge_conflicts(git_: Git, base: str, ours: str, theirs: str, paths: Sequence[str]) -> frozenset[str] | None:
    """Which of ``paths`` git's own merge (ort) of ``ours`` and ``theirs`` over ``base`` stops on a
    conflict in; None when it cannot be asked (a repository git cannot write an object into).

    ``git merge-file`` of one path diffs with Myers, ort with histogram, and the two disagree (a ROCm
    kernel file ort merged cleanly was three conflicts to ``merge-file``, and its near misses said
    "resolved by hand").  So ort merges trees holding those paths alone, each side's version of them:
    the whole trees would buy a pull request adding and deleting thousands of files a rename search of
    their product (30 s for 3,000 of each), and git 2.39's merge-tree has no switch to turn it off.
    Throwaway commits of the three trees make the first the others' merge base (git < 2.40 has no
    ``--merge-base``).  A repository whose ``info/attributes`` may name a merge driver is not asked: the
    gate runs no program."""
    try:
        if (git_.common_dir / "info" / "attributes").stat().st_size:
            return None
    except OSError:
        pass
    wanted = set(paths)
    try:
        trees = [
            git_.tree_of([e for e in blobs.ls_tree(git_.path, rev) if e.path in wanted]) for rev in (base, ours, theirs)
        ]
        message = b"aeon-release: merge side\n"
        root = git_.commit_tree(trees[0], [], message, env=_SCRATCH_ENV, sign=False)
        sides = [git_.commit_tree(tree, [root], message, env=_SCRATCH_ENV, sign=False) for tree in trees[1:]]
        return frozenset(git_.merge_tree(*sides).conflicts) & wanted
    except (GitError, OSError):
        return None


def file_merge_conflicts(git_: Git, base: str, ours: str, theirs: str, path: str) -> bool:
    """Would a three-way merge of ``path`` alone (base -> ours, base -> theirs) stop on a conflict?
    (``git merge-file``: where ``merge_conflicts`` cannot ask git's own merge.)"""
    import tempfile

    texts = [git_.show_file(rev, path) or "" for rev in (ours, base, theirs)]
    with tempfile.TemporaryDirectory(prefix="merge-file-") as tmp:
        names = []
        for label, text in zip(("ours", "base", "theirs"), texts):
            name = Path(tmp) / label
            name.write_text(text, encoding="utf-8")
            names.append(str(name))
        status, _, _ = git_.try_run("merge-file", "-q", "-p", *names)
    return status != 0


_DIFF_HUNK = re.compile(rb"^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@", re.M)


def matching_blocks(a: Sequence[str], b: Sequence[str]) -> list[tuple[int, int, int]]:
    """(start in ``a``, start in ``b``, length) of each run of lines the two sequences share, in order, as git's
    histogram diff aligns them: ``difflib.SequenceMatcher`` without its junk heuristic is near-cubic on lines that
    repeat (a blank line, a ``return``), 1.8 s for 1,400 lines; git's diff takes milliseconds.  Each sequence is
    written to a file of its own, a line to a line (``--no-index``: nothing reaches an object database)."""
    import tempfile

    with tempfile.TemporaryDirectory(prefix="aligned-") as tmp:
        for name, lines in (("a", a), ("b", b)):
            text = "".join(f"{_one_line(line)}\n" for line in lines)
            (Path(tmp) / name).write_bytes(text.encode("utf-8", "surrogatepass"))
        # -a: a NUL byte in a line makes no "Binary files differ"; every option git's config may set is spelled
        done = _run_git(
            [*_NO_ATTRIBUTE_FILES, "diff", "--no-index", "--histogram", "-U0", "--inter-hunk-context=0", "-a"]
            + ["--no-color", "--no-ext-diff", "--no-textconv", "--no-renames", "a", "b"],
            cwd=Path(tmp),
            env=git_env() | _C_LOCALE,
        )
    if done.returncode not in (0, 1):  # 1: the files differ
        raise failed("diff", "two texts", done.stderr, done.returncode)
    return _between_hunks(done.stdout, len(a), len(b))


def _one_line(item: str) -> str:
    """An item with its newlines escaped (and its backslashes, so that two items stay equal or unequal): a
    newline in one would make it two of git's lines, and every run after it misnumbered."""
    return item.replace("\\", "\\\\").replace("\n", "\\n")


def _between_hunks(diff: bytes, size_a: int, size_b: int) -> list[tuple[int, int, int]]:
    """The runs a ``-U0`` diff leaves unchanged: the lines before each hunk, and after the last."""
    blocks: list[tuple[int, int, int]] = []
    at_a = at_b = 0
    for match in _DIFF_HUNK.finditer(diff):
        start_a, count_a, start_b, count_b = (int(g) if g is not None else 1 for g in match.groups())
        # a hunk that removes (adds) nothing is numbered by the line before it
        hunk_a, hunk_b = start_a - (count_a > 0), start_b - (count_b > 0)
        if hunk_a > at_a:
            blocks.append((at_a, at_b, hunk_a - at_a))
        at_a, at_b = hunk_a + count_a, hunk_b + count_b
    if size_a > at_a:
        blocks.append((at_a, at_b, size_a - at_a))
    return blocks
