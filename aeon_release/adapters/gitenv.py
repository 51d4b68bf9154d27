"""The environment of every git the tool runs.

The repository is the one named on the command line (``--repo``), never one that ``GIT_DIR`` or
``GIT_WORK_TREE`` left in the environment points at: with those set, ``git -C fork`` reads another
repository, and the audit would pass or fail on files nobody asked about.

No program from the user's git config runs when the tool only reads: ``core.fsmonitor`` would run
on every ``ls-files``, ``diff-files`` and ``diff-tree`` of an audit, ``core.pager`` could run too,
and an index refreshed by ``git status`` would run the post-index-change hook.  Config given through the environment (``GIT_CONFIG_COUNT``) outranks every config file, so
this holds whatever the global or the repository's config says; git reads a caller's
``GIT_CONFIG_PARAMETERS`` (``git -c``) after ``GIT_CONFIG_COUNT``, so ours go at its end too.  Hooks are left as git runs them:
the merge runs the commit hooks on purpose (README), and the worktree it makes for a person is a
checkout like `git worktree add`'s.
"""

from __future__ import annotations

import contextlib
import functools
import os
import shlex
import stat
import subprocess
from collections.abc import Iterator, Mapping
from pathlib import Path

from aeon_release.adapters.gitconditions import include_holds
from aeon_release.errors import GitError, printable

# Where git looks for the repository and its objects, and the diff and pager programs it runs: set
# by the tool when it needs them (a scratch index, GIT_DIR for plumbing), never inherited.
_INHERITED = (
    "GIT_DIR",
    "GIT_WORK_TREE",
    "GIT_COMMON_DIR",
    "GIT_OBJECT_DIRECTORY",
    "GIT_ALTERNATE_OBJECT_DIRECTORIES",
    "GIT_NAMESPACE",
    "GIT_PREFIX",
    # Another index lists other files: a tracked file that .gitignore matches would drop out of the
    # audit.  (Inside a commit hook git sets it to this repository's index being committed; reading
    # the repository's own index instead lists the same work tree.)
    "GIT_INDEX_FILE",
    "GIT_EXTERNAL_DIFF",
    # The context of every patch git prints, over the ``-U`` the tool passes (git reads it last): ``--unified=5``
    # on the ``-U0`` diffs hid an upstream rewrite of a value the fork compares (an error-level drift gone), and
    # ``--unified=0`` left a carry's ``-U3`` patch no context to find its moved code by.
    "GIT_DIFF_OPTS",
    "GIT_PAGER",
    "GIT_REPLACE_REF_BASE",
    # A shallow file of the caller's: the commits it lists have no parents to git, like a graft (the merge
    # called a tag listed there "a tree or a file, not a commit", and a merge base moves with it).
    "GIT_SHALLOW_FILE",
)

# Config every git gets at the command's scope, which outranks every config file: no program of the user's config
# runs when the tool only reads (fsmonitor, pager), and objects are read as stored.  GIT_NO_REPLACE_OBJECTS (below)
# is only git's starting value: a ``core.useReplaceRefs=true`` of any config file turns the replace refs back on,
# and ``audit --rev BAD`` audited the clean stand-in ``git replace`` named for BAD and passed.
# Rename detection as git's defaults have it: ``merge.renameLimit=1`` (or ``diff.renameLimit``, which it falls back
# to) in the repository's config turned the search off for an upstream that moved two files, and a carry's edit of
# one met a deleted file: the merge stopped on a modify/delete conflict git's defaults merge cleanly, and
# ``Git.renames`` (the carries' evidence) found no move.
_RENAMES = (
    ("diff.renames", "true"),
    ("diff.renameLimit", "1000"),
    ("merge.renames", "true"),
    ("merge.renameLimit", "7000"),
    ("status.renames", "true"),
)
# The tree's submodules as git's defaults have them: ``submodule.recurse=true`` (a common setting) made every ``git
# grep`` of the merge's checks read the release's .gitmodules, and one naming a value git refuses there (``update =
# !cmd``) stopped the merge with "git grep failed ... a full disk?"; ``diff.submodule=diff`` prints a submodule's
# own changes inside the superproject's patch, as if they were files of the tree.
_SUBMODULES = (("submodule.recurse", "false"), ("diff.submodule", "short"))
# Commits as they are stored: ``git log`` and ``git show`` map names through the mailmap by default (``log.mailmap``,
# true since git 2.29), and to do so open the work tree's ``.mailmap`` and ``mailmap.file`` with a blocking read on
# every log: an untracked FIFO ``.mailmap`` at the top of the checkout held `merge` (its plan reads the subjects with
# ``git log``) and `init` for good.  No format the tool reads asks for a mapped name (``%aN``).
_MAILMAP = (("log.mailmap", "false"),)
_OURS = (
    ("core.fsmonitor", "false"),
    ("core.pager", "cat"),
    ("core.useReplaceRefs", "false"),
    *_RENAMES,
    *_SUBMODULES,
    *_MAILMAP,
)

# How git reads a pathspec, from the caller's environment: with GIT_LITERAL_PATHSPECS=1 the tool's
# ``:(literal)path`` named a file called ":(literal)path" (the merge's upstream diff and `log -G` found
# nothing), with GIT_ICASE_PATHSPECS=1 `ls-tree` refused every pathspec (`init` stopped on "pathspec magic
# not supported").  Every pathspec of the tool's says what it is (``:(literal)``, ``:(glob)``) or is a
# plain glob such as ``*.py``; all four off, that is what git reads.
_PATHSPECS = ("GIT_LITERAL_PATHSPECS", "GIT_GLOB_PATHSPECS", "GIT_NOGLOB_PATHSPECS", "GIT_ICASE_PATHSPECS")


def git_env(overrides: Mapping[str, str] | None = None) -> dict[str, str]:
    """os.environ for a git subprocess: inherited locations dropped, no prompt, no fsmonitor and no
    pager; then ``overrides`` (only the variables the caller sets)."""
    env = {k: v for k, v in os.environ.items() if k not in _INHERITED}
    traces = tuple(sorted((k, v) for k, v in env.items() if k.startswith(_TRACE_PREFIX)))
    _check_read_files(*(env.get(name) for name in _READ_EVERYWHERE), _command_scope(env), traces)
    env["GIT_TERMINAL_PROMPT"] = "0"
    # git's messages in English, whatever the person's language: the tool reads them ("detected dubious ownership",
    # "unexpected line in .git/packed-refs", "bad config line"), and with LANGUAGE=de (a desktop's setting) and git's
    # translations installed, a repository of another user was "not a git repository" and a damaged packed-refs
    # "revision 'HEAD' does not exist".  gettext stops at "C" in LANGUAGE; LC_CTYPE (file names) stays the person's.
    env["LANGUAGE"] = "C"
    # `git status` and `diff-files` refresh and rewrite the index when they can, and the write runs
    # the post-index-change hook: an audit (the pull-request gate) reads and must run nothing.
    env["GIT_OPTIONAL_LOCKS"] = "0"
    # Objects as they are: a refs/replace/ ref or an info/grafts line makes git read another commit's
    # tree or parents in place of the one named, so `audit --rev X` passed on a clean stand-in for X's
    # conflict markers, and the merge would build on a history the objects do not have.
    env["GIT_NO_REPLACE_OBJECTS"] = "1"
    env["GIT_GRAFT_FILE"] = os.devnull
    # No transport at all: a partial clone (``--filter=blob:none``) fetches a missing object from its
    # promisor remote on the spot, and that fetch runs what the repository's config names for it
    # (``remote.NAME.uploadpack``, ``core.sshCommand``, a ``NAME::`` helper): `audit --rev OLD` of a
    # blobless clone ran a program of the config.  git 2.39 has no GIT_NO_LAZY_FETCH; this variable
    # outranks every ``protocol.*.allow`` of any config, and an empty list allows none.  The fetch
    # and clone a person asked for, and the commands that run the merge's hooks, get the caller's own
    # value back (``transports``).
    env["GIT_ALLOW_PROTOCOL"] = ""
    env.update(dict.fromkeys(_PATHSPECS, "0"))
    count = _config_count(env)
    for i, (key, value) in enumerate(_OURS, start=count):
        env[f"GIT_CONFIG_KEY_{i}"] = key
        env[f"GIT_CONFIG_VALUE_{i}"] = value
    env["GIT_CONFIG_COUNT"] = str(count + len(_OURS))
    if env.get("GIT_CONFIG_PARAMETERS"):
        # git's own quoting ('key=value', space-separated), understood by every git version
        ours = " ".join(f"'{key}={value}'" for key, value in _OURS)
        env["GIT_CONFIG_PARAMETERS"] = f"{env['GIT_CONFIG_PARAMETERS']} {ours}"
    env.update(overrides or {})
    return env


def case_as_the_disk(top: Path) -> tuple[str, ...]:
    """``-c core.ignorecase=false`` for a git reading the work tree at ``top`` where its file system tells ``.git``
    from ``.GIT``; nothing where it does not (macOS, a Windows volume), and git's own setting stands.  A config's
    ``core.ignorecase=true`` on a case-sensitive disk (a checkout copied from a Mac) made git take an untracked
    ``pkg/A.py`` for the tracked ``pkg/a.py``: its conflict markers passed the audit unlisted."""
    try:
        blind = os.path.samefile(top / ".git", top / ".GIT")
    except OSError:  # no .GIT: the names differ
        blind = False
    return () if blind else ("-c", "core.ignorecase=false")


def transports(env: Mapping[str, str]) -> dict[str, str]:
    """``env`` for a git that is meant to reach a remote (the merge's ``fetch``, ``clone``): the
    transports the caller's environment allows, as git would have them without this tool."""
    mine = {k: v for k, v in env.items() if k != "GIT_ALLOW_PROTOCOL"}
    if "GIT_ALLOW_PROTOCOL" in os.environ:
        mine["GIT_ALLOW_PROTOCOL"] = os.environ["GIT_ALLOW_PROTOCOL"]
    return mine


def _config_count(env: Mapping[str, str]) -> int:
    """The user's own GIT_CONFIG_COUNT settings are kept (ours come after them, so ours win); a
    count git would refuse is dropped with them."""
    raw = env.get("GIT_CONFIG_COUNT", "0")
    if raw.isdigit() and all(f"GIT_CONFIG_KEY_{i}" in env for i in range(int(raw))):
        return int(raw)
    return 0


# -- files every git reads ---------------------------------------------------------------------------------------
# git opens its config files, and the attribute and ignore files of the user's config folder, with a blocking
# read: one that is a FIFO (or a terminal) held every git the tool runs, and the tool with it, for good
# (``GIT_CONFIG_GLOBAL=fifo aeon-release audit`` never ended).  Each is looked at (a stat, no open) first.
_READ_EVERYWHERE = (
    "HOME",
    "XDG_CONFIG_HOME",
    "GIT_CONFIG_GLOBAL",
    "GIT_CONFIG_SYSTEM",
    "GIT_CONFIG_NOSYSTEM",
)
_SYSTEM_CONFIG = "/etc/gitconfig"  # where Debian's git (and git built with prefix=/usr) reads it


@functools.lru_cache(maxsize=8)
def _check_read_files(
    home: str | None,
    xdg: str | None,
    global_: str | None,
    system: str | None,
    nosystem: str | None,
    command: tuple[tuple[str, str], ...] = (),
    traces: tuple[tuple[str, str], ...] = (),
) -> None:
    """GitError naming the first file git reads on every command that is no file a read of ends on: a config
    file, an ignore or attributes file of the user's config folder, a file one of the configs includes; or the
    FIFO a trace variable or a ``trace2.*Target`` of those configs names, which git writes to."""
    _check_trace_targets(traces, "")
    folder = xdg or (home and os.path.join(home, ".config"))
    places: list[tuple[str, str | None]] = [
        ("git's global attributes file", folder and os.path.join(folder, "git", "attributes")),
        ("git's global ignore file", folder and os.path.join(folder, "git", "ignore")),
    ]
    configs = _config_files(home, folder, global_, system, nosystem)
    for what, place in [*places, *configs]:
        kind = _endless(place) if place else None
        if kind is not None:
            hint = f"point {what} at a regular file, or unset it" if what.isupper() else "make it a regular file"
            raise GitError(f"{place}: {what} is {kind}, which git would wait on for good", hint)
    entries = _config_entries([place for _, place in configs if place], command, ((), ()))  # includes, looked at
    overridden = {name for name, value in traces if value}  # git reads a trace variable set, not empty, first
    targets = [(key, value, origin) for key, value, origin in entries if origin and key in _TRACE2_KEYS]
    for key, value, origin in targets:
        if _TRACE2_KEYS[key] not in overridden:
            _check_trace_targets(((key, value),), origin)


# -- where git writes its trace ---------------------------------------------------------------------------------
# Every git opens the file a trace variable names (GIT_TRACE, GIT_TRACE_SETUP, GIT_TRACE2_EVENT ...: an absolute
# path; 1 or 2 is stderr, 3-9 a descriptor) for writing, with a blocking open, as it starts; so does a git for the
# ``trace2.normalTarget``/``eventTarget``/``perfTarget`` of the system or global config (read only there, and a trace
# variable set outranks it).  A FIFO there with no reader (a trace collector that died, a ``mkfifo`` left behind)
# held every git the tool ran, and the tool with it, for good: ``GIT_TRACE2_EVENT=/run/fifo aeon-release audit``
# never ended.  A FIFO is refused whether or not something reads it now: a reader cannot be asked without opening
# it, and a writer's close is the end of the stream to a reader such as ``cat``.
_TRACE_PREFIX = "GIT_TRACE"
_TRACE2_KEYS = {
    "trace2.normaltarget": "GIT_TRACE2",
    "trace2.eventtarget": "GIT_TRACE2_EVENT",
    "trace2.perftarget": "GIT_TRACE2_PERF",
}


def _check_trace_targets(targets: tuple[tuple[str, str], ...], origin: str) -> None:
    """GitError naming the first trace target of ``targets`` (a variable or a config key, and its value) that is
    a FIFO git would wait on for good to open for writing; ``origin`` is the config file that set it ('' for the
    environment)."""
    for name, value in targets:
        if not os.path.isabs(value):
            continue  # off, stderr, a descriptor, ``af_unix:``, or a value git ignores with a warning
        try:
            fifo = stat.S_ISFIFO(os.stat(value).st_mode)
        except (OSError, ValueError):
            continue  # git creates the file, or says it cannot
        if fifo:
            key = name.replace("target", "Target") if origin else name
            where = f" in {printable(origin)}" if origin else ""
            raise GitError(
                f"{printable(value)}: the trace file {key}{where} names is a FIFO, which every git would wait on "
                "for good to write its trace",
                f"point {key} at a regular file (or 2 for stderr), or unset it",
            )


def _config_files(
    home: str | None, folder: str | None, global_: str | None, system: str | None, nosystem: str | None
) -> list[tuple[str, str | None]]:
    """The config files git reads outside a repository, in the order it reads them (a later value wins)."""
    places: list[tuple[str, str | None]] = []
    if (nosystem or "").lower() not in ("1", "true", "yes", "on"):
        places.append(("GIT_CONFIG_SYSTEM", system) if system else ("git's system config", _SYSTEM_CONFIG))
    if global_ is not None:  # set, even empty, it is the one global config git reads
        places.append(("GIT_CONFIG_GLOBAL", global_))
    else:
        places.append(("git's global config", folder and os.path.join(folder, "git", "config")))
        places.append(("git's global config", home and os.path.join(home, ".gitconfig")))
    return places


# -- files a config names -------------------------------------------------------------------------------------
# A config names more files git opens with a blocking read: ``include.path`` (and ``includeIf.*.path``) on every
# command, ``core.excludesFile`` on every listing of the untracked files, ``core.attributesFile`` on every merge
# and attribute lookup.  One naming a FIFO held the run for good as the config file itself did (sweep 27).  git
# cannot be asked which files they are (it reads the includes as it starts, ``--no-includes`` or not), so each
# file is listed alone (``git config --file F --no-includes``, a git that reads no other config), and the files
# it includes after it, as git reads them.  An ``includeIf`` is followed where git follows it (gitconditions): a
# git of no repository follows no ``gitdir:`` or ``onbranch:`` one, a git of the repository follows those that
# hold for it (``check_repository_files``, which every git of a repository comes after).
_NAMED_FILES = {"core.excludesfile": "core.excludesFile", "core.attributesfile": "core.attributesFile"}
_INCLUDE_DEPTH = 10  # git's own limit (``MAX_INCLUDE_DEPTH``)

Entry = tuple[str, str, str]  # key (as git lists it), value, the file that set it ('' for the environment)


def _command_scope(env: Mapping[str, str]) -> tuple[tuple[str, str], ...]:
    """The settings the environment gives every git (``GIT_CONFIG_COUNT``'s pairs, ``GIT_CONFIG_PARAMETERS``)."""
    pairs = [(env[f"GIT_CONFIG_KEY_{i}"], env.get(f"GIT_CONFIG_VALUE_{i}", "")) for i in range(_config_count(env))]
    try:
        words = shlex.split(env.get("GIT_CONFIG_PARAMETERS", ""))
    except ValueError:
        words = []  # a quoting git refuses too: it says so itself
    pairs.extend((key, value) for key, _, value in (w.partition("=") for w in words))
    return tuple((key.lower(), value) for key, value in pairs)


Repository = tuple[tuple[str, ...], tuple[str, ...]]  # the git directories a git reads, and the branches of their HEADs


def _config_entries(files: list[str], command: tuple[tuple[str, str], ...], repository: Repository) -> list[Entry]:
    """Every setting of ``files`` and then of the environment, in git's order, with the files they include
    read in place (the includes git follows in a git of ``repository``, none of a git of no repository);
    GitError naming an included file that a read of never ends."""
    entries = [entry for place in files for entry in _with_includes(place, 0, repository)]
    for key, value in command:
        entries.append((key, value, ""))
        if include_holds(key, "", *repository):
            entries.extend(_included(key, value, "", 0, repository))
    return entries


def _with_includes(place: str, depth: int, repository: Repository) -> Iterator[Entry]:
    for key, value in _listed(place, *_signature(place)):
        yield key, value, place
        if include_holds(key, place, *repository):
            yield from _included(key, value, place, depth, repository)


def _included(key: str, value: str, origin: str, depth: int, repository: Repository) -> Iterator[Entry]:
    """The settings of the file an include names (relative to the file that names it), once looked at."""
    target = os.path.expanduser(value)
    if origin and not os.path.isabs(target):
        target = os.path.normpath(os.path.join(os.path.dirname(origin), target))
    _refuse_endless(target, key, origin)
    if depth < _INCLUDE_DEPTH and os.path.isfile(target):
        yield from _with_includes(target, depth + 1, repository)


def _refuse_endless(target: str, key: str, origin: str) -> None:
    kind = _endless(target)
    if kind is not None:
        where = f"in {printable(origin)}" if origin else "in the environment (GIT_CONFIG_*)"
        key = key.replace("includeif.", "includeIf.", 1)
        raise GitError(
            f"{printable(target)}: the file {key} names {where} is {kind}, which git would wait on for good",
            f"point {key} at a regular file, or unset it",
        )


def _signature(place: str) -> tuple[int, int, int]:
    try:
        info = os.stat(place)
    except (OSError, ValueError):
        return (0, 0, 0)
    return (info.st_ino, info.st_mtime_ns, info.st_size) if stat.S_ISREG(info.st_mode) else (0, 0, 0)


@functools.lru_cache(maxsize=64)
def _listed(place: str, inode: int, mtime: int, size: int) -> tuple[tuple[str, str], ...]:
    """The settings of the config file ``place`` alone, as git lists them; none for a file that is no regular
    file (looked at before) or that git cannot parse (git says so itself when it reads it).  The git that
    lists it reads no other config: no system or global one, no repository, none of the environment's."""
    if not inode or not _names_files(place):
        return ()
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}
    env |= {"GIT_CONFIG_NOSYSTEM": "1", "GIT_CONFIG_GLOBAL": os.devnull, "GIT_DIR": os.devnull}
    try:
        done = subprocess.run(
            ["git", "config", "--file", place, "--no-includes", "--list", "-z"],
            capture_output=True,
            check=False,
            env=env,
            stdin=subprocess.DEVNULL,
        )
    except OSError:
        return ()  # no git to run: the run's first git says so, as it did
    if done.returncode != 0:
        return ()
    records = (os.fsdecode(r).partition("\n") for r in done.stdout.split(b"\0") if r)
    return tuple((key, value) for key, _, value in records)


def _names_files(place: str) -> bool:
    """Whether the config file can set one of the keys looked for: an include, a ``trace2`` target,
    ``core.excludesFile`` or ``core.attributesFile`` (git's names are case-blind and spelled whole, in a section header or a key).  Most
    configs set none, and each listing is a git process on every command's start (5-10 ms)."""
    data = _regular_bytes(place, _MAX_CONFIG)
    if data is None:
        return True  # git says what it makes of it
    text = data.lower()
    words = (b"include", b"excludesfile", b"attributesfile", b"trace2")
    return len(text) >= _MAX_CONFIG or any(word in text for word in words)


_MAX_CONFIG = 1 << 20  # bytes read to look; a bigger config is listed whole by git


def _check_named_files(git_dirs: list[str], top: str) -> None:
    """GitError naming the file ``core.excludesFile`` or ``core.attributesFile`` names, as the repository's git
    reads it (the last value of every config, a relative path from the top of the work tree), when a read of
    it never ends; and any file a config includes (the repository's own config and its worktree config too)."""
    home, xdg, global_, system, nosystem = (os.environ.get(name) for name in _READ_EVERYWHERE)
    folder = xdg or (home and os.path.join(home, ".config"))
    files = [place for _, place in _config_files(home, folder, global_, system, nosystem) if place]
    files += [os.path.join(d, name) for name in ("config", "config.worktree") for d in reversed(git_dirs)]
    last: dict[str, Entry] = {}
    branches = (_small(os.path.join(d, "HEAD")).partition("ref: refs/heads/") for d in git_dirs)
    repository = (tuple(git_dirs), tuple(branch.strip() for before, ref, branch in branches if ref and not before))
    for key, value, origin in _config_entries(files, _command_scope(os.environ), repository):
        if key in _NAMED_FILES:
            last[key] = (key, value, origin)
    for key, value, origin in last.values():
        target = os.path.join(top, os.path.expanduser(value)) if value else ""
        if target:
            _refuse_endless(target, _NAMED_FILES[key], origin)


# -- files git reads in every folder of the work tree ---------------------------------------------------------
# git reads the .gitignore of every folder it lists the untracked files of (``ls-files --others``) and the
# .gitattributes of every folder it looks an attribute up in (``diff-files``): an untracked FIFO by either name held
# the audit of the checkout for good.  git opens neither through a symbolic link (it refuses one since 2.32).
_PER_FOLDER = (".gitignore", ".gitattributes")


def check_work_tree_files(top: Path) -> None:
    """GitError naming the first .gitignore or .gitattributes under ``top`` that a read never ends on.  The
    folders are listed, nothing is opened; another repository's folder (one with a .git) is not gone into, as
    git does not."""
    folders = [str(top)]
    while folders:
        folder = folders.pop()
        try:
            entries = sorted(os.scandir(folder), key=lambda e: e.name, reverse=True)
        except OSError:
            continue
        if folder != str(top) and any(e.name == ".git" for e in entries):
            continue
        for entry in entries:
            if entry.name == ".git":
                continue
            try:
                if entry.is_dir(follow_symlinks=False):
                    folders.append(entry.path)
                elif entry.name in _PER_FOLDER and not entry.is_symlink() and (kind := _endless(entry.path)):
                    raise GitError(
                        f"{printable(entry.path)}: a file git reads in this work tree is {kind}, which git would "
                        "wait on for good",
                        "make it a regular file (or remove it)",
                    )
            except OSError:
                continue


def check_ignore_files(top: Path, folder: Path) -> None:
    """GitError naming the ``.gitignore`` of ``folder`` or of a folder above it up to ``top`` that a read never
    ends on: ``git check-ignore`` of a name in ``folder`` reads each of them (a FIFO held ``keygen`` for good).
    Nothing is opened; a link by that name git does not open."""
    for place in (folder, *folder.parents):
        entry = os.path.join(place, ".gitignore")
        if not os.path.islink(entry) and (kind := _endless(entry)):
            raise GitError(
                f"{printable(entry)}: a file git reads in this work tree is {kind}, which git would wait on for good",
                "make it a regular file (or remove it)",
            )
        if place == top or not place.is_relative_to(top):
            return


def _endless(path: str) -> str | None:
    """What ``path`` is when a read of it may never end: a FIFO, a socket, a device but the null device."""
    try:
        mode = os.stat(path)
    except (OSError, ValueError):
        return None  # missing or unreachable: git skips it or says why itself
    if stat.S_ISFIFO(mode.st_mode):
        return "a FIFO"
    if stat.S_ISSOCK(mode.st_mode):
        return "a socket"
    if stat.S_ISCHR(mode.st_mode) or stat.S_ISBLK(mode.st_mode):
        return None if _null_device(mode) else "a device"
    return None


def _null_device(mode: os.stat_result) -> bool:
    try:
        null = os.stat(os.devnull)
    except OSError:
        return False
    return (mode.st_rdev, mode.st_mode) == (null.st_rdev, null.st_mode)


# The files of a repository's git directory that git reads on every command (its config) or on the commands
# the tool runs in a checkout (the ignore file ``ls-files --others`` reads, the attribute file of a merge, the
# index), the ones every revision is read through (HEAD, packed-refs; the loose refs are ``_odd_refs``), and the
# ones every walk of the history or read of an object opens (the shallow list, the alternates, the commit-graph
# and the multi-pack index), and the sparse checkout's patterns: a FIFO at ``index`` held the audit of the
# checkout for good, one at ``shallow``, ``objects/info/alternates`` or the commit-graph `audit --rev` and the
# merge, one at ``info/sparse-checkout`` (with ``core.sparseCheckout``) the merge's diffs.  A linked worktree's
# ``commondir`` is read before anything else, and the object folders the alternates name are read as this one.  The
# reflogs under ``logs/`` are appended to by every ref git moves (the branch a merge makes, the run's worktree HEAD,
# the remote branches a fetch moves) and read by a revision such as ``HEAD@{1}``: a FIFO at the reflog of the branch
# a merge makes held the merge for good once its work was done, the branch never made.
_OBJECT_FILES = (
    "info/alternates",
    "info/commit-graph",
    "info/commit-graphs/commit-graph-chain",
    "pack/multi-pack-index",
)
_REPOSITORY_FILES = (
    "config",
    "config.worktree",
    "commondir",
    "info/exclude",
    "info/attributes",
    "info/sparse-checkout",
    "HEAD",
    "packed-refs",
    "index",
    "shallow",
    *(f"objects/{name}" for name in _OBJECT_FILES),
)
_ALTERNATE_DEPTH = 5  # git's own limit on alternates of alternates


def check_repository_files(path: Path) -> None:
    """GitError naming the first file of the git directory git would find from ``path`` that a read never
    ends on: a FIFO at ``.git/config`` held every git of the run, one at ``.git/info/exclude`` the audit of
    the checkout, one at ``.git/info/attributes`` the merge.  Found as git finds it, by looking (no git runs:
    git itself would wait on the config); a layout this does not know is left to git.  Then the files its
    configs name (``_check_named_files``)."""
    start = Path(os.path.abspath(path))
    git_dirs = list(_git_dirs(start))
    for git_dir in git_dirs:
        places = [os.path.join(git_dir, name) for name in _REPOSITORY_FILES]
        places += _alternates(os.path.join(git_dir, "objects"), 0)
        places += _linked_worktree_files(git_dir)
        for place in [*places, *_odd_refs(os.path.join(git_dir, "refs"))]:
            kind = _endless(place)
            if kind is not None:
                raise GitError(
                    f"{printable(place)}: a file git reads in this repository is {kind}, which git would wait on "
                    "for good",
                    "make it a regular file (or remove it)",
                )
        for place in _odd_refs(os.path.join(git_dir, "logs")):
            kind = _endless(place)
            if kind is not None:
                raise GitError(
                    f"{printable(place)}: a reflog git writes in this repository is {kind}, which git would wait on "
                    "for good",
                    "remove it (git makes the reflog again as a file)",
                )
    if git_dirs:
        top = next((str(f) for f in (start, *start.parents) if os.path.lexists(f / ".git")), str(start))
        _check_named_files(git_dirs, top)


# What git reads of every linked worktree when it lists them, which ``git worktree add`` (a conflicted merge's
# worktree), ``remove`` (``merge --continue``, ``--abort``) and ``list`` do: a FIFO at another worktree's ``gitdir``
# or ``HEAD`` (``.git/worktrees/ID/``, left by a worktree whose folder was deleted) held a conflicted merge for good.
_WORKTREE_FILES = ("gitdir", "HEAD", "locked", "commondir")


def _linked_worktree_files(git_dir: str) -> Iterator[str]:
    """The files of each linked worktree's folder under ``git_dir/worktrees`` that git reads to list them (listed,
    nothing opened)."""
    try:
        entries = list(os.scandir(os.path.join(git_dir, "worktrees")))
    except OSError:
        return
    for entry in entries:
        with contextlib.suppress(OSError):
            if entry.is_dir(follow_symlinks=False):
                yield from (os.path.join(entry.path, name) for name in _WORKTREE_FILES)


def _alternates(objects: str, depth: int) -> Iterator[str]:
    """The files git opens in each object folder the alternates of ``objects`` name (a path relative to it, one
    a line), and in theirs, as deep as git goes; a C-quoted line is left to git.  Each list read only when a
    regular file (one that is not was refused already)."""
    if depth >= _ALTERNATE_DEPTH:
        return
    for line in _small(os.path.join(objects, "info", "alternates"), 64 * 1024).splitlines():
        line = line.strip()
        if line and not line.startswith(("#", '"')):
            other = os.path.normpath(os.path.join(objects, line))
            yield from (os.path.join(other, name) for name in _OBJECT_FILES)
            yield from _alternates(other, depth + 1)


def _odd_refs(folder: str) -> Iterator[str]:
    """The loose refs under ``folder`` that are no regular file (a symbolic link, a FIFO): git opens a ref
    through a link, and one to a FIFO held `audit --rev` (and every listing of the branches) for good.  The
    folders are listed, nothing is opened; a regular file, the usual ref, is not even looked at."""
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return
    for entry in entries:
        try:
            if entry.is_dir(follow_symlinks=False):
                yield from _odd_refs(entry.path)
            elif not entry.is_file(follow_symlinks=False):
                yield entry.path
        except OSError:
            continue


def _git_dirs(start: Path) -> Iterator[str]:
    """The git directory (and the common one of a linked worktree) that git would open from ``start``."""
    for folder in (start, *start.parents):
        dot = folder / ".git"
        try:
            mode = os.stat(dot).st_mode
        except OSError:
            if (folder / "HEAD").is_file() and (folder / "objects").is_dir():
                yield str(folder)  # a bare repository, or a git directory named as such
                return
            continue
        if stat.S_ISDIR(mode):
            yield str(dot)
        elif stat.S_ISREG(mode):
            yield from _linked(folder, dot)
        return


def _linked(folder: Path, dot: Path) -> Iterator[str]:
    """A ``.git`` file's ``gitdir:`` folder and its ``commondir``, each read only when a regular small file."""
    text = _small(str(dot))
    if not text.startswith("gitdir: "):
        return
    git_dir = os.path.join(folder, text.removeprefix("gitdir: ").strip())
    yield git_dir
    common = _small(os.path.join(git_dir, "commondir")).strip()
    if common:
        yield os.path.normpath(os.path.join(git_dir, common))


def _small(path: str, size: int = 4096) -> str:
    """The text of a regular file of at most ``size`` bytes (a .git file, a commondir); '' otherwise."""
    data = _regular_bytes(path, size)
    return data.decode("utf-8", "surrogateescape") if data is not None else ""


def _regular_bytes(path: str, size: int) -> bytes | None:
    """The first ``size`` bytes of a regular file; None for anything else or a file that cannot be read.
    Opened without blocking: a FIFO put there since it was looked at holds no one."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return None
    try:
        return os.read(fd, size) if stat.S_ISREG(os.fstat(fd).st_mode) else None
    except OSError:
        return None
    finally:
        os.close(fd)
