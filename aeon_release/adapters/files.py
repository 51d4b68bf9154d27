"""Writing the files the tool produces: redacted, atomic, never through a symbolic link.

Reports are written into checkouts that anyone can commit to (the pull-request gate writes
``aeon-audit.sarif`` at the top of the checkout): a committed symlink at that name must be
replaced, never written through, and a half-written file must never be left behind.
"""

from __future__ import annotations

import contextlib
import errno
import itertools
import os
import re
import stat
import time
from pathlib import Path
from typing import IO, Any

from aeon_release.errors import (
    DISK_ERRNOS,
    AeonError,
    DiskError,
    StateError,
    UsageError,
    environment_hint,
    printable,
    redact,
    shell_word,
)


def state_place(git_dir: Path, *parts: str) -> Path:
    """``aeon-release/PARTS...`` in the git directory, none of whose parts is a symbolic link: one at
    ``aeon-release/``, ``runs/``, ``cache/``, ``scratch/`` or ``lock`` would take the writes under it
    (state, worktrees, the cache, a private index, the lock's pid) outside the repository."""
    path = git_dir / "aeon-release"
    for i, part in enumerate(("", *parts)):
        path = path / part if part else path
        if path.is_symlink():
            raise StateError(
                f"{path}: is a symbolic link; aeon-release keeps its state inside the repository",
                f"remove the link (rm {shell_word(str(path))}): aeon-release makes what it needs there again",
            )
        if i < len(parts) and path.exists() and not path.is_dir():
            # a file at ``runs/`` or ``worktrees/``: every run's state "unreadable", and the hint of
            # that (--abort) said it dropped the run while the file stayed, the same line again after
            raise not_a_state_folder(path, part or "state")
    return path


def not_a_state_folder(path: Path, what: str) -> StateError:
    """A file (or a FIFO) where aeon-release keeps a folder of ``what`` (its state, its runs)."""
    return StateError(
        f"{path}: not a folder; aeon-release keeps its {what} there",
        f"move it aside (mv {shell_word(str(path))} {shell_word(f'{path}.old')}): aeon-release makes the folder again",
    )


def write_text(
    path: Path,
    text: str,
    *,
    what: str = "output file",
    durable: bool = True,
    named_by_user: bool = False,
    replaces_input: bool = False,
    exclusive: bool = False,
) -> None:
    """Write ``text`` (redacted) to ``path``: a temporary file beside it, fsync, then a rename.

    ``exclusive``: only where nothing stands yet, checked as the file appears (a link, not a rename), so a
    file another process made since the caller looked is never replaced (``Exists``).

    ``durable=False`` skips the fsyncs: the rename alone keeps the file whole when the process is
    killed; only a power loss can then bring back the previous version (git's refs work the same).

    The rename replaces a symlink at ``path`` itself, so its target is never touched.  A relative
    path whose parent folders include a symlink is refused: that link may have come with the
    checkout.  A directory, or a place that cannot be written, is one clean error line.  A path a
    person named (``named_by_user``: --output, the notes) may not lie inside a ``.git`` folder: a
    report written over ``.git/config`` or ``.git/HEAD`` breaks the repository; nor be a file this run
    read, unless writing it anew is the point (``replaces_input``: ``init --force``).
    """
    if named_by_user:
        _check_outside_git(path, what)
    if _stream(path):
        _write_stream(path, _utf8(redact(text)), what)
        return
    _check_target(path, what)
    if named_by_user and not replaces_input:
        _check_not_read(path, what)
    if named_by_user:
        _check_not_read_only(path, what)
    if named_by_user and not replaces_input:
        _check_folder_exists(path, what)
    _check_parents(path, what)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        _replace(path, _utf8(redact(text)), durable, exclusive=exclusive)
    except FileExistsError:
        raise Exists(f"{what} {path}: made by another process while this run wrote", "see what made it") from None
    except OSError as exc:
        raise unwritable(path, what, exc) from None


class Exists(UsageError):
    """An ``exclusive`` write found a file at its place: another process made it since the caller looked."""


def check_output(path: Path, what: str, folder_made: bool = False) -> None:
    """The checks ``write_text`` makes of a path a person named, made before any work (a preflight): a
    release wrote its notes after the push, so ``--notes`` naming a folder, a file under a file, a place
    in ``.git`` or the ledger the run read failed only once the image was published."""
    _check_outside_git(path, what)
    if _stream(path):
        return
    _check_target(path, what)
    _check_not_read(path, what)
    _check_not_read_only(path, what)
    if not folder_made:  # a folder named as one (``--notes-dir``) is made when the file is written
        _check_folder_exists(path, what)
    _check_parents(path, what)
    _check_folder_above(path, what)


def _check_folder_exists(path: Path, what: str) -> None:
    """A file a person named (``--output``, ``--notes``) is written only into a folder that exists, as git and gh
    write theirs: a typo (``--output repots/x.sarif``) made ``repots/`` and every folder above it, anywhere the
    path led, and the report was looked for where it was meant to be."""
    folder = path.absolute().parent
    if not os.path.exists(folder):  # a file there is the other checks' to name
        shown = printable(str(folder))[:200]
        raise UsageError(
            f"{what} {printable(str(path))[:200]}: the folder {shown} {absent(folder)}",
            f"make the folder first (mkdir -p {shell_word(str(folder))[:200]}), or name a file in one that exists",
        )


def check_writable(path: Path, what: str) -> None:
    """A file the tool will write at ``path`` (not one a person named): the nearest folder of it that exists
    takes writes, checked before the work that ends in the write (a build on a read-only checkout built its
    image, then could not record it: exit 2, "refused", after the build)."""
    _check_folder_above(path, what)


def _check_folder_above(path: Path, what: str) -> None:
    """The nearest part of ``path``'s folders that exists is a folder the run can write in."""
    place = path.absolute().parent
    while not os.path.lexists(place) and place != place.parent:
        place = place.parent
    if not place.is_dir():
        raise UsageError(
            f"{what} {printable(str(path))[:200]}: {printable(str(place))[:200]} {absent(place, 'is not a folder')}",
            "pass a file path in a folder",
        )
    if not os.access(place, os.W_OK | os.X_OK):
        number = errno.EROFS if _read_only(place) else errno.EACCES  # the machine's hint, not "pass another path"
        raise unwritable(path, what, OSError(number, os.strerror(number), str(place)))


def _read_only(folder: Path) -> bool:
    try:
        return bool(os.statvfs(folder).f_flag & os.ST_RDONLY)
    except OSError:
        return False


def make_folder(path: Path, what: str) -> None:
    """A folder made where a person named it (the demo's, a key's): one that cannot be made there (under
    /proc or /sys, below a file, in a read-only place) is one line naming it and saying so; the kernel's
    ENOENT from /proc got the hint for a missing input ("check that it exists" to `demo /proc/x`)."""
    try:
        path.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        why = "is a file, not a folder" if path.exists() else absent(path)  # a link loop, a link to nothing
        raise UsageError(f"{what} {printable(str(path))[:200]}: {why}", "pass a new folder") from None
    except OSError as exc:
        message = f"{what} {printable(str(path))[:200]}: cannot be made there: {exc.strerror or exc}"
        if exc.errno in DISK_ERRNOS:
            raise DiskError(message, environment_hint(exc)) from None
        raise UsageError(message, "pass a folder in a place you can write, such as your home or /tmp") from None


def absent(path: Path, missing: str = "does not exist") -> str:
    """Why nothing at ``path`` can be used, as words after it (``PATH: <words>``): what stands there instead
    of a file or folder (a symbolic link loop, a link to a name that does not exist, a file where a folder
    of the path must be), else ``missing`` (the caller's words: no such name, or one that is not what it
    needs).  A loop was "config folder does not exist", "no such directory" and, for a folder to make,
    "is a file, not a folder"."""
    try:
        os.stat(path)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            return "is a symbolic link loop (point the link at a real file or folder)"
        if exc.errno == errno.ENOTDIR:
            return "a part of the path is a file, not a folder"
        if exc.errno == errno.EACCES:
            return "cannot be reached: permission denied"
        with contextlib.suppress(OSError):
            return f"is a symbolic link to {printable(os.readlink(path))[:200]}, which {missing}"
    return missing


def unwritable(path: Path, what: str, exc: OSError) -> UsageError:
    """A write that failed, as one line: a full disk, a quota, a file-size limit or a read-only file
    system is the machine's (DiskError, its hint), anything else the path's ("pass a writable file path"
    was the hint to a full disk under the run's own state.json too)."""
    message = f"{what} {path}: cannot be written: {exc.strerror or exc}"
    if exc.errno in DISK_ERRNOS:
        return DiskError(message, environment_hint(exc))
    return UsageError(message, "pass a writable file path")


def _utf8(text: str) -> bytes:
    """UTF-8, a lone surrogate (``"\\ud800"`` from a JSON file, a file name's byte that was not UTF-8)
    written as its escape: the file stays UTF-8 and the write never fails half-way."""
    return text.encode("utf-8", "backslashreplace")


def _stream(path: Path) -> bool:
    """``/dev/null``, ``/dev/stdout``, ``/proc/self/fd/1`` and their like: written in place, never
    replaced by a rename.

    Only under /dev and /proc: git cannot commit a device or a FIFO, and a FIFO elsewhere (left in
    a checkout) would block the write forever.  A link to one of the process's open files is written
    through: ``/dev/stdout`` leads to the open stdout, a regular file under ``> report.json``, and a
    rename replaced the system's own ``/dev/stdout`` link with the report (as root in a container).
    """
    if not str(path.absolute()).startswith(("/dev/", "/proc/")):
        return False
    try:
        mode = os.lstat(path).st_mode
    except OSError:
        return False
    return stat.S_ISCHR(mode) or stat.S_ISFIFO(mode) or (stat.S_ISLNK(mode) and _open_file_link(path))


# /proc/self/fd/1, /proc/1234/fd/1, /proc/thread-self/fd/1: one of a process's open files
_FD_LINK = re.compile(r"/proc/(?:self|thread-self|[0-9]+)(?:/task/[0-9]+)?/fd/[0-9]+")


def _open_file_link(path: Path) -> bool:
    """``/dev/stdout`` (its text names an fd) or ``/dev/fd/1`` (it sits in a process's fd folder).  Any
    other link, such as one committed in a checkout under /dev/shm, is replaced by the rename as anywhere."""
    try:
        text = os.readlink(path)
    except OSError:
        return False
    folder = os.path.realpath(path.parent)
    return _FD_LINK.fullmatch(text) is not None or _FD_LINK.fullmatch(f"{folder}/{path.name}") is not None


READER_WAIT = 5.0  # seconds a FIFO under /dev or /proc may take to be opened by its reader


def _write_stream(path: Path, data: bytes, what: str) -> None:
    try:
        # appended: /dev/stdout opened anew is the stdout file itself, and "wb" would truncate what
        # the run (or the shell's 2>&1 into the same log) already wrote there
        with open(_open_stream(path, what), "ab") as handle:
            handle.write(data)
    except OSError as exc:
        raise unwritable(path, what, exc) from None


def _open_stream(path: Path, what: str) -> int:
    """``path`` opened to append, without blocking on a FIFO that no process reads: a blocking open of one
    waits for a reader for good (``--output /dev/shm/report`` where a FIFO stood held the audit after its
    work, silent, until killed).  A FIFO gets ``READER_WAIT`` seconds for its reader to open it (``cmd
    --output FIFO & cat FIFO`` starts both at once), then is one line; the open file is blocking again."""
    deadline = time.monotonic() + READER_WAIT
    while True:
        try:
            fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_NONBLOCK | os.O_CLOEXEC)
        except OSError as exc:
            if exc.errno != errno.ENXIO or not _is_fifo(path):
                raise
            if time.monotonic() >= deadline:
                raise UsageError(
                    f"{what} {printable(str(path))[:200]}: a FIFO that no process opened to read "
                    f"within {READER_WAIT:.0f} s; nothing was written",
                    "start the FIFO's reader first, or name a regular file",
                ) from None
            time.sleep(0.05)
            continue
        os.set_blocking(fd, True)
        return fd


def _is_fifo(path: Path) -> bool:
    try:
        return stat.S_ISFIFO(os.stat(path).st_mode)
    except OSError:
        return False


def _check_target(path: Path, what: str) -> None:
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return
    except OSError as exc:
        raise unwritable(path, what, exc) from None
    if stat.S_ISDIR(mode):
        raise UsageError(f"{what} {path} is a directory", "pass a file path")
    if not (stat.S_ISREG(mode) or stat.S_ISLNK(mode)):
        raise UsageError(f"{what} {path} is not a regular file", "pass a file path")


# The files this process read through ``read_capped``/``open_regular`` (the ledger, the rules, fleet.yaml,
# releases.yaml, a record, a key, a patch), by device and inode, with what the reader called them.
_READ: dict[tuple[int, int], str] = {}


def forget_reads() -> None:
    """A new command in this process (the test suite runs hundreds in one)."""
    _READ.clear()


def _check_not_read(path: Path, what: str) -> None:
    """A report a person names is never written over a file this run read: ``audit --output
    carries.yaml`` replaced the ledger it had just checked with its report, and ``notes --record r.json
    --output r.json`` the run record with the notes.  The same file by any name (a hard link, ``./x``); a
    symbolic link at ``path`` is replaced by the rename, not written through, so it is no such file."""
    try:
        found = os.lstat(path)
    except OSError:
        return
    read = _READ.get((found.st_dev, found.st_ino))
    if read is not None and stat.S_ISREG(found.st_mode):
        raise UsageError(
            f"{what} {printable(str(path))}: that is {printable(read)[:80]}, which this run read; refusing to write over it",
            "name a file of its own for the output",
        )


def _check_not_read_only(path: Path, what: str) -> None:
    """A file a person named that no one may write (no write bit at all: ``chmod a-w``) is not replaced:
    the rename that writes a report replaces any file its folder lets it, and root's writes pass every
    permission, so the file's own mode is the only word its owner has."""
    try:
        found = os.lstat(path)
    except OSError:
        return
    if stat.S_ISREG(found.st_mode) and not found.st_mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH):
        raise UsageError(
            f"{what} {printable(str(path))}: the file is read-only; refusing to replace it",
            "make it writable (chmod u+w) or name another file",
        )


# What git (and this tool, ``aeon-release/``) reads in a git directory, by its first name there: a file a person
# names goes anywhere else in it (a key in ``.git/`` itself is one no commit takes), never over these.
_GIT_OWNED = frozenset(
    {"HEAD", "config", "config.worktree", "index", "packed-refs", "shallow", "commondir", "gitdir", "description"}
    | {"refs", "objects", "logs", "hooks", "info", "worktrees", "modules", "branches", "lfs", "rr-cache"}
    | {"sequencer", "rebase-merge", "rebase-apply", "aeon-release", "reftable", "gc.pid", "gc.log"}
)
# git's pseudo-refs and state files are upper case (MERGE_MSG, SQUASH_MSG, BISECT_LOG, AUTO_MERGE, *_HEAD): a
# key written as MERGE_MSG is the next commit's message; a ``*.lock`` anywhere stops git's next write of it
_GIT_STATE = re.compile(r"[A-Z][A-Z0-9_]*")


def check_not_git_owned(path: Path, what: str) -> None:
    """A file a person names for a new file (``keygen``) is not one git or this tool reads in a git directory:
    ``keygen .git/refs/heads/k`` wrote the secret key as a branch (git then called every ref "broken"), and
    ``keygen .git/aeon-release`` took the place of the tool's own state folder."""
    for full in (path.absolute(), path.resolve()):
        for place in full.parents:
            if place.name == ".git" or _is_git_dir(place):
                first = full.relative_to(place).parts[0]
                if first in _GIT_OWNED or _GIT_STATE.fullmatch(first) or full.name.endswith(".lock"):
                    raise UsageError(
                        f"{what} {printable(str(path))}: that is git's own {printable(first)} in {printable(str(place))}; "
                        "refusing to write there",
                        "pass a path outside the git directory's own files, e.g. keys/fleet.key (ignored by git)",
                    )
                break


def _is_git_dir(folder: Path) -> bool:
    """git's own test of a git directory not named .git (see ``_in_git_dir``)."""
    store = (folder / "objects").is_dir() and (folder / "refs").is_dir()
    return (folder / "HEAD").is_file() and (store or (folder / "commondir").is_file())


def _check_outside_git(path: Path, what: str) -> None:
    if ".git" in path.absolute().parts or ".git" in path.resolve().parts or _in_git_dir(path.resolve().parent):
        raise UsageError(
            f"{what} {printable(str(path))}: inside a .git folder; refusing to write there",
            "write outside the repository's .git folder (or its --separate-git-dir, or a bare repository)",
        )


def _in_git_dir(folder: Path) -> bool:
    """``folder`` or a folder above it is a git directory not named .git: a --separate-git-dir, a bare
    repository, a linked worktree's admin folder (git's own test: HEAD beside objects/ and refs/, or
    beside commondir).  A folder that merely holds a file named HEAD and a folder named objects is not one."""
    return any(_is_git_dir(place) for place in (folder, *folder.parents))


def _check_parents(path: Path, what: str) -> None:
    current = linked_part(path.parent)
    if current is not None:
        raise UsageError(
            f"{what} {path}: {current} is a symbolic link; refusing to write through it",
            "write to a path with no symbolic link on the way, e.g. in the current folder",
        )


def linked_part(folder: Path) -> Path | None:
    """The first part of ``folder`` (itself included) below the working folder that is a symbolic link,
    or None.  A path outside the working folder is spelled out whole by the caller: its links are the
    caller's choice; below it, an absolute path may pass a link that came with a checkout (a CI job's
    ``$GITHUB_WORKSPACE/reports/x.sarif`` with a committed ``reports`` link) as a relative one may."""
    if folder.is_absolute():
        here = Path.cwd()
        try:
            inner = folder.relative_to(here)
        except ValueError:
            return None
        found = linked_part(inner)
        return here / found if found is not None else None
    current = Path(".")
    for part in folder.parts:
        current = current / part
        if part != ".." and current.is_symlink():
            return current
    return None


def loops(link: Path) -> bool:
    """Whether following ``link`` runs in a circle (ELOOP), not merely to nothing."""
    try:
        os.stat(link)
    except OSError as exc:
        return exc.errno == errno.ELOOP
    return False


def linked_below(root: Path, name: str) -> Path | None:
    """The first folder of the relative ``name`` under ``root`` (``audits`` of ``audits/tree.yaml``) that
    is a symbolic link, or None: ``root`` is the caller's to name, what lies under it may have come with
    a checkout (a committed ``audits -> /home/me/.ssh``)."""
    current = root
    for part in Path(name).parts[:-1]:
        current = current / part
        if current.is_symlink():
            return current
    return None


def replace_file(path: Path, data: bytes, what: str) -> None:
    """Write ``data`` over the regular file ``path`` (a source file a fix rewrites) with its mode, the way
    ``write_text`` writes: a temporary file beside it, then a rename, so a write the disk refuses leaves the
    file as it was.  Written in place, a full disk or a file-size limit cut a fixed file at the limit, and
    the run audited and committed what was left of it.  No redaction: the bytes are code, not a report."""
    try:
        _replace(path, data, mode=stat.S_IMODE(os.lstat(path).st_mode))
    except OSError as exc:
        raise unwritable(path, what, exc) from None


def write_bytes(path: Path, data: bytes, what: str, durable: bool = True) -> None:
    """``data`` at ``path`` as ``write_text`` writes (a temporary file beside it, then a rename: a link there is
    replaced, never written through), unredacted: a file git reads back as it was made (a commit's message)."""
    try:
        _replace(path, data, durable)
    except OSError as exc:
        raise unwritable(path, what, exc) from None


def _replace(path: Path, data: bytes, durable: bool = True, mode: int | None = None, exclusive: bool = False) -> None:
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        os.unlink(tmp)
    except FileNotFoundError:
        pass
    fd = os.open(tmp, flags, 0o644 if mode is None else mode & 0o777)
    try:
        if mode is not None:
            os.fchmod(fd, mode)  # the file's own mode, not the umask's
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            if durable:
                os.fsync(handle.fileno())
        if exclusive:
            os.link(tmp, path)  # FileExistsError when anything stands there: a rename would replace it
            os.unlink(tmp)
        else:
            os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    if durable:
        _sync_dir(path.parent)


def _sync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError as exc:  # some file systems cannot fsync a directory
        if exc.errno not in (errno.EINVAL, errno.EBADF, errno.EROFS):
            raise
    finally:
        os.close(fd)


# -- reading the small files a person names (ledger, rules, keys, records, patches) ------------
SMALL_FILE_BYTES = 8 * 1024 * 1024


def read_capped(
    path: Path, what: str, limit: int = SMALL_FILE_BYTES, error: type[AeonError] = UsageError, follow: bool = True
) -> bytes | None:
    """The bytes of the small regular file ``path`` (None when it does not exist), as ``error``
    when it cannot be: a FIFO or a device such as /dev/zero in its place would hang the read or
    never end it, so the file is opened without blocking, must be a regular file, and no more than
    ``limit`` bytes are read whatever its size says.  ``follow=False``: a file the tool wrote itself
    (its state), which is never a symbolic link: one there is refused, never read through."""
    fd = _open_regular(path, what, error, follow)
    if fd is None:
        return None
    try:
        data = _read_upto(fd, limit + 1)
    except OSError as exc:  # a regular file whose read fails: a disk's EIO, /proc/self/mem
        raise error(
            f"{what}: cannot be read: {exc.strerror or exc}",
            _READ_HINTS.get(exc.errno or 0, "check the file and the disk it is on"),
        ) from None
    finally:
        os.close(fd)
    if len(data) > limit:
        raise error(f"{what}: more than the {limit} bytes such a file may have", "check what was written there")
    return data


def open_regular(path: Path, what: str, error: type[AeonError] = UsageError) -> IO[bytes] | None:
    """``path`` opened for reading when it is a regular file (None when it does not exist), as
    ``read_capped`` checks it, for a file too large to read whole (an image archive): a FIFO there
    held ``image-report`` for good."""
    fd = _open_regular(path, what, error)
    if fd is None:
        return None
    os.set_blocking(fd, True)
    return os.fdopen(fd, "rb")


def _open_regular(path: Path, what: str, error: type[AeonError], follow: bool = True) -> int | None:
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0) | (0 if follow else os.O_NOFOLLOW)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        return None
    except OSError as exc:
        if not follow and exc.errno == errno.ELOOP and os.path.islink(path):
            raise linked_state(path, what, error) from None
        raise error(f"{what}: cannot be read: {exc.strerror or exc}", _READ_HINTS.get(exc.errno or 0)) from None
    found = os.fstat(fd)
    mode = found.st_mode
    if not stat.S_ISREG(mode):
        os.close(fd)
        kind = "a folder" if stat.S_ISDIR(mode) else "not a regular file (a FIFO, socket or device)"
        raise error(f"{what}: {kind}", f"name a file there: {printable(str(path))[:200]}")
    _READ[(found.st_dev, found.st_ino)] = what
    return fd


def linked_state(path: Path, what: str, error: type[AeonError] = StateError) -> AeonError:
    """A symbolic link where the tool keeps a file of its own (a run's state, a seal): read through, it made the
    run act on whatever the link led to (a file outside the repository, a FIFO, /dev/zero)."""
    try:
        target = printable(os.readlink(path))[:200]
    except OSError:
        target = "somewhere"
    with contextlib.suppress(OSError):  # what it leads to, looked at (a FIFO's stat never blocks), never opened
        if not stat.S_ISREG(os.stat(path).st_mode):
            target += ", not a regular file"
    return error(
        f"{what}: is a symbolic link (to {target}); aeon-release reads its state only from files it wrote",
        f"remove the link (rm {shell_word(str(path))}), and put the file it should be back if you moved it",
    )


def open_lock(path: Path, what: str, error: type[AeonError] = UsageError) -> int:
    """A lock file's descriptor, opened read-write and made if missing, never through a link and without
    blocking; anything there but a regular file is one line naming it.  A FIFO at the run lock was a
    traceback (``fdopen``: not seekable), a device one (``truncate``: Invalid argument), and a link at the
    publish lock had it made wherever the link led."""
    flags = os.O_RDWR | os.O_CREAT | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(path, flags, 0o644)
    except OSError as exc:
        if exc.errno == errno.ELOOP and path.is_symlink():
            raise error(f"{what} {path}: is a symbolic link", f"remove the link (rm {shell_word(str(path))})") from None
        raise
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):
        os.close(fd)
        kind = "a folder" if stat.S_ISDIR(mode) else "not a regular file (a FIFO, socket or device)"
        raise error(f"{what} {path}: {kind}", "move it aside: aeon-release makes the lock file again")
    return fd


_READ_HINTS = {
    errno.EISDIR: "name a file, not a folder",
    errno.ELOOP: "the name is a symlink loop: point it at a real file",
    errno.EACCES: "make the file readable by this user",
    errno.ENOTDIR: "a part of the path is a file, not a folder",
}


def _read_upto(fd: int, size: int) -> bytes:
    chunks: list[bytes] = []
    while size > 0:
        chunk = os.read(fd, min(size, 1 << 20))
        if not chunk:
            break
        chunks.append(chunk)
        size -= len(chunk)
    return b"".join(chunks)


# -- naming a small folder by its contents (the findings cache's key of a config folder) ---------
def folder_digest(folder: Path, most_files: int = 256, most_bytes: int = 4 * 1024 * 1024) -> str | None:
    """A digest of everything in ``folder`` and below: each entry's path, kind and (for a regular
    file) bytes, in sorted order.  None when the folder cannot be named surely and cheaply: a
    symbolic link inside it (what it names may change elsewhere), a FIFO, socket or device, an entry
    that cannot be read, or more than ``most_files`` entries or ``most_bytes`` bytes in all."""
    import hashlib

    digest = hashlib.sha256(b"folder\0")
    budget = [most_files, most_bytes]
    try:
        if not _digest_into(digest, os.fspath(folder), b"", budget):
            return None
    except OSError:
        return None
    return digest.hexdigest()


def _digest_into(digest: Any, folder: str, prefix: bytes, budget: list[int]) -> bool:
    """Add ``folder``'s entries to ``digest``; False when the folder cannot be named (see folder_digest)."""
    with os.scandir(folder) as listing:  # no more of a huge folder is listed than the budget allows
        entries = list(itertools.islice(listing, budget[0] + 1))
    budget[0] -= len(entries)
    if budget[0] < 0:
        return False
    for entry in sorted(entries, key=lambda e: os.fsencode(e.name)):
        if entry.is_symlink():
            return False
        name = prefix + os.fsencode(entry.name)
        if entry.is_dir(follow_symlinks=False):
            digest.update(b"d\0" + name + b"\0")
            if not _digest_into(digest, entry.path, name + b"/", budget):
                return False
            continue
        if not entry.is_file(follow_symlinks=False):
            return False
        fd = os.open(entry.path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
        try:
            data = _read_upto(fd, budget[1] + 1) if stat.S_ISREG(os.fstat(fd).st_mode) else None
        finally:
            os.close(fd)
        if data is None:  # swapped for a FIFO or a device since it was listed
            return False
        budget[1] -= len(data)
        if budget[1] < 0:
            return False
        digest.update(b"f\0" + name + b"\0" + str(len(data)).encode() + b"\0" + data)
    return True
